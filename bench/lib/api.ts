// The service's API as a client sees it, over loopback HTTP on a tenant host: calls that must answer OK, and
// a session of the tenant's first admin after the password change it must make at its first login.
import { httpRequest } from './http.js';

export interface Envelope<T> {
  apiStatus: { errorCode: string; errorMessage: string };
  apiData: T;
}

export interface TenantApi {
  port: number;
  host: string;
  /** POST `path` with a JSON body (and the session as header X-Auth-Request-Access-Token); the whole envelope. */
  call<T = unknown>(path: string, payload?: object, session?: string): Promise<Envelope<T>>;
  /** The same, insisting on errorCode OK; answers apiData. */
  ok<T = unknown>(path: string, payload?: object, session?: string): Promise<T>;
}

export function tenantApi(port: number, host: string): TenantApi {
  const call = async <T>(path: string, payload: object = {}, session?: string): Promise<Envelope<T>> => {
    const answer = await httpRequest(
      port,
      {
        method: 'POST',
        path,
        host,
        body: JSON.stringify(payload),
        ...(session ? { headers: { 'x-auth-request-access-token': session } } : {}),
      },
      30_000,
    );
    try {
      return JSON.parse(answer.body) as Envelope<T>;
    } catch {
      throw new Error(`POST ${path} on ${host} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
  };
  return {
    port,
    host,
    call,
    async ok<T>(path: string, payload: object = {}, session?: string): Promise<T> {
      const envelope = await call<T>(path, payload, session);
      if (envelope.apiStatus?.errorCode !== 'OK') {
        throw new Error(`POST ${path} on ${host}: ${JSON.stringify(envelope.apiStatus)}`);
      }
      return envelope.apiData;
    },
  };
}

interface Authenticated {
  userId: number;
  session: string;
  requiredActions: string[];
}

/**
 * A clean session of a user who must change a temporary password first (the tenant's admin, a user made by
 * /user/create): /user/authenticate, /user/updatepwd to `newPassword`, then /user/authenticate again.
 */
export async function sessionAfterPasswordChange(
  api: TenantApi,
  username: string,
  temporaryPassword: string,
  newPassword: string,
): Promise<{ userId: number; session: string }> {
  const first = await api.ok<Authenticated>('/user/authenticate', { username, password: temporaryPassword });
  await api.ok('/user/updatepwd', { userId: first.userId, password: temporaryPassword, newPassword }, first.session);
  const again = await api.ok<Authenticated>('/user/authenticate', { username, password: newPassword });
  if (again.requiredActions.length > 0) {
    throw new Error(`${username} still has required actions ${again.requiredActions.join(', ')}`);
  }
  return { userId: again.userId, session: again.session };
}
