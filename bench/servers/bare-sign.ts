// Reference (s) of the sign-in scenario: bare Fastify 5 answering a POST with two RS256 JWTs signed by jose with
// one 2048-bit key, as a token endpoint signs an access token and an ID token. It measures what the signatures
// alone cost (no database), the ceiling of any token endpoint that signs like Keycloak.
import Fastify from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { announceReady, portOf, stopOn } from '../lib/child-side.js';

const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
const sign = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);

const app = Fastify({ logger: false });
app.post('/sign', async () => ({
  access_token: await sign({ typ: 'Bearer', azp: 'tc-web', sub: 'bench' }),
  id_token: await sign({ typ: 'ID', aud: 'tc-web', sub: 'bench' }),
}));
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(() => app.close());
announceReady({ http: portOf(app) });
