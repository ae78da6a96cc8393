import type { Account } from '../contract';
import { ApiClient, ApiError, describeError } from '../api';
import type { Session } from './session';

export type VerifyResult = { ok: true; account: Account } | { ok: false; message: string };

/** A key is accepted only once GET /me answers with the account behind it. */
export async function verifySession(session: Session): Promise<VerifyResult> {
  const client = new ApiClient({ baseUrl: session.baseUrl, apiKey: session.apiKey });
  try {
    return { ok: true, account: await client.request('getMe', {}) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return { ok: false, message: 'That API key was not accepted (401). Check it and try again.' };
    if (error instanceof ApiError && error.status === 404)
      return {
        ok: false,
        message: `No Karaoke API answered at ${session.baseUrl} (404). The address should end in /api/v1.`,
      };
    const { title, detail } = describeError(error);
    return { ok: false, message: detail ? `${title}. ${detail}` : title };
  }
}
