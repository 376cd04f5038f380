import { IMAGE_TEXTS, PACKAGE_IMAGES_MAX, type PackageImage } from '@teamhire/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../test/fake-xhr';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderWithProviders, SLOW } from '../../../test/render';
import { PackageGalleryEditor } from './package-gallery-editor';

const image = (id: string): PackageImage => ({
  id,
  src: `/uploads/images/${id}/400.webp`,
  srcset: `/uploads/images/${id}/400.webp 400w, /uploads/images/${id}/800.webp 800w`,
  width: 400,
  height: 300,
});
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

beforeEach(() => {
  signIn();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const shownSources = () =>
  within(screen.getByRole('list', { name: 'Gallery images' }))
    .getAllByRole('img')
    .map((element) => element.getAttribute('src'));

describe('PackageGalleryEditor', () => {
  it('shows the images in order with srcset, size and alt; the first is the card image', () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={ids.map(image)} />);
    const first = screen.getByRole('img', { name: 'Gallery image 1 (card image)' });
    expect(first.getAttribute('srcset')).toBe(image(ids[0]!).srcset);
    expect(first.getAttribute('width')).toBe('400');
    expect(first.getAttribute('height')).toBe('300');
    expect(first.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('Card image')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move image 1 earlier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Move image 2 later' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says so when there is no image yet', () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={[]} />);
    expect(screen.getByText('No images yet.')).toBeTruthy();
  });

  it('moves an image with a button and sends the new order', async () => {
    const requests = stubFetch(() => jsonResponse({ images: [image(ids[1]!), image(ids[0]!)] }));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={ids.map(image)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(shownSources()).toEqual([image(ids[1]!).src, image(ids[0]!).src]);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      url: '/api/service-packages/5/images/order',
      method: 'PUT',
      body: { image_ids: [ids[1], ids[0]] },
    });
    expect(await screen.findByText('Image moved to position 1 of 2')).toBeTruthy();
  });

  it('puts the order back and says why when the server refuses it', async () => {
    stubFetch(() => jsonResponse({ detail: IMAGE_TEXTS.orderMismatch }, 422));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={ids.map(image)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(await screen.findByText(IMAGE_TEXTS.reorderFailed, {}, SLOW)).toBeTruthy();
    expect(shownSources()).toEqual(ids.map((id) => image(id).src));
  });

  it('removes an image', async () => {
    const requests = stubFetch(() => jsonResponse({ images: [image(ids[1]!)] }));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={ids.map(image)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(shownSources()).toEqual([image(ids[1]!).src]));
    expect(requests[0]).toMatchObject({ url: `/api/service-packages/5/images/${ids[0]}`, method: 'DELETE' });
  });

  it('uploads a chosen image with a progress bar, then shows it', async () => {
    stubFetch(() => jsonResponse({}));
    FakeXhr.answer = { status: 201, body: { images: [image(ids[0]!)] } };
    renderWithProviders(<PackageGalleryEditor packageId={5} images={[]} />);
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Add image'), { target: { files: [file] } });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading shot.png' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(await screen.findByRole('img', { name: 'Gallery image 1 (card image)' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(FakeXhr.sent[0]!.url).toBe('/api/service-packages/5/images');
  });

  it('refuses a file that is not a JPEG, PNG or WebP before sending it', async () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<PackageGalleryEditor packageId={5} images={[]} />);
    const file = new File(['gif'], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Add image'), { target: { files: [file] } });
    expect(await screen.findByText(IMAGE_TEXTS.notImage, {}, SLOW)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('offers no upload once the gallery is full', () => {
    stubFetch(() => jsonResponse({}));
    const full = Array.from({ length: PACKAGE_IMAGES_MAX }, (_, index) =>
      image(`${index}1111111-1111-4111-8111-111111111111`),
    );
    renderWithProviders(<PackageGalleryEditor packageId={5} images={full} />);
    expect((screen.getByLabelText(IMAGE_TEXTS.galleryFull) as HTMLInputElement).disabled).toBe(true);
  });
});
