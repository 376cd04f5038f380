/** A failure the client caused or may act on; its detail is shown to the user as it is. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly detail: string,
    /** Field-level problems, shown next to the fields (e.g. a taken username). */
    public readonly errors?: { path: string; message: string }[],
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const forbidden = (detail = 'Access denied') => new AppError(403, detail);
