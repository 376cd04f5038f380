/** XMLHttpRequest for jsdom: reports half, then all of the upload, then answers with the stored file. */
export class FakeXhr {
  static sent: { url: string; body: FormData; headers: Record<string, string> }[] = [];
  /** What the next upload is answered with; each test sets its own. */
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body, headers: this.headers });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2048, total: 2048 });
        this.status = FakeXhr.answer.status;
        this.responseText = JSON.stringify(FakeXhr.answer.body);
        this.onload?.();
      }, 20);
    }, 20);
  }
  abort() {
    this.onabort?.();
  }
}
