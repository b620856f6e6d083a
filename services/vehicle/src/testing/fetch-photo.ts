import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER, signIdentity } from '@cardirect/service-kit';
import { TEST_IDENTITY_SECRET, type TestCaller } from '@cardirect/service-kit/testing';

export interface FetchedPhoto {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/** A photo's bytes as served (the test kit's request() reads answers as text), signed like the gateway signs. */
export async function fetchPhotoBytes(serviceUrl: string, path: string, caller: TestCaller): Promise<FetchedPhoto> {
  const requestId = randomUUID();
  const url = new URL(path, serviceUrl);
  const headers = { [REQUEST_ID_HEADER]: requestId, ...signIdentity({ ...caller, requestId }, { method: 'GET', target: url.pathname + url.search }, TEST_IDENTITY_SECRET) };
  const response = await fetch(url, { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}
