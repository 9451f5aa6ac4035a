// ECE mailboxes: the password is stored encrypted (AES-256-GCM, key derived from the
// server secret) and never answered; ports must be real port numbers.
import crypto from 'node:crypto';
import { eceEmail } from '../../../src/schemas/ece';
import { UserError } from '../../http/answers';
import { registerHooks } from '../hooks';

const VERSION = 'v1';

function keyOf(secret: string | undefined): Buffer {
  if (!secret) throw new Error('the server secret is not loaded');
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'dabir', 'ece-email-password', 32));
}

/** `v1:` + base64(iv | tag | ciphertext). */
export function encryptSecret(secret: string | undefined, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

/** The clear password, for the mail client that will read these mailboxes. */
export function decryptSecret(secret: string | undefined, stored: string): string {
  const [version, payload] = stored.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown secret format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

registerHooks(eceEmail, {
  async beforeSave({ services, values }) {
    for (const name of ['inputPort', 'outputPort'] as const) {
      const port = values[eceEmail.column(name)];
      if (typeof port === 'number' && (port < 1 || port > 65535)) {
        throw new UserError(`${eceEmail.fields[name].meta.label} باید عددی بین ۱ تا ۶۵۵۳۵ باشد`);
      }
    }
    if (typeof values.password === 'string')
      values.password = encryptSecret(services.config.secret, values.password);
  },
});
