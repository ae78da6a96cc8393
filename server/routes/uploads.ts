import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerTable, Services } from '../context';
import type { LocalFileStore } from '../storage/local-files';
import { fileRow, insertPendingFile, markFileComplete } from '../db/files';
import { HttpError } from '../http/problem';
import { storeCall } from './store-problems';

const UPLOAD_URL_SECONDS = 3600;
const MEDIA_TYPE = /^(audio|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

export const uploadHandlers = {
  createUpload: async ({ body }, ctx) => {
    const contentType = body.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!MEDIA_TYPE.test(contentType)) {
      throw new HttpError(415, `Uploads are audio/* or video/*; ${body.contentType} is not.`);
    }
    const max = ctx.services.maxUploadBytes;
    if (body.contentLength > max) {
      throw new HttpError(
        413,
        `Uploads are at most ${max} bytes; this one is ${body.contentLength}.`,
      );
    }
    const { db, files } = ctx.services;
    const id = await insertPendingFile(db, {
      accountId: ctx.account.userId,
      filename: body.filename,
      contentType,
      size: body.contentLength,
    });
    const row = await fileRow(db, id);
    if (!row) throw new Error('upload row vanished');
    return {
      inputFileId: id,
      uploadUrl: await files.uploadUrl(ctx.origin, row, UPLOAD_URL_SECONDS),
      contentType,
    };
  },
} satisfies Pick<HandlerTable, 'createUpload'>;

/**
 * PUT /uploads/<id>?exp=&sig=: the signed upload address of the local file store (no
 * Authorization, like a presigned URL).
 */
export async function receiveUpload(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  params: URLSearchParams,
  services: Services & { localFiles: LocalFileStore },
): Promise<void> {
  if (req.method !== 'PUT') {
    req.resume();
    throw new HttpError(405, 'Send the file with PUT.', {}, { Allow: 'PUT' });
  }
  const verdict = services.localFiles.signer.verify('PUT', id, params);
  if (verdict !== 'ok') {
    req.resume();
    throw new HttpError(
      403,
      verdict === 'expired'
        ? 'This upload address has expired.'
        : 'This upload address is not valid.',
      {},
      { Connection: 'close' },
    );
  }
  const file = await fileRow(services.db, id);
  if (!file) throw new HttpError(404, 'Upload was not found.');
  if (file.status !== 'pending') {
    req.resume();
    throw new HttpError(409, 'This file was already uploaded.', {}, { Connection: 'close' });
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) !== file.expected_size) {
    req.resume();
    throw new HttpError(
      400,
      `This upload expects exactly ${file.expected_size} bytes; Content-Length is ${declared}.`,
      {},
      { Connection: 'close' },
    );
  }
  const size = await storeCall(services.localFiles.receiveUpload(file, req));
  if (!(await markFileComplete(services.db, file.id, size))) {
    throw new HttpError(409, 'This file was already uploaded.', {}, { Connection: 'close' });
  }
  const body = JSON.stringify({ inputFileId: id, size: file.expected_size });
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
