/** An id for a photo of the draft; randomUUID needs a secure context, which a LAN address is not. */
export function newPhotoId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
