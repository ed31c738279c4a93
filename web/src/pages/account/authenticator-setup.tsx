import { QRCodeSVG } from 'qrcode.react';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { CodeField } from '../../components/code-field';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { digitsOfCode } from '../../lib/one-time-codes';
import { groupSecret, readTotpUri } from '../../lib/totp-uri';

interface AuthenticatorSetupProps {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * Step two of turning two-factor on: the app reads the QR code (or the secret typed by hand), and its first code
 * proves the setup worked; only then does the server switch two-factor on.
 */
export function AuthenticatorSetup({ totpURI, onVerified, onCancel }: AuthenticatorSetupProps) {
  const setup = readTotpUri(totpURI);
  const form = useForm({
    submit: (values) => unwrap(authClient.twoFactor.verifyTotp({ code: digitsOfCode(textOf(values, 'code')) })),
    fieldOfCode: { INVALID_CODE: 'code' },
    onSuccess: onVerified,
  });
  return (
    <section aria-labelledby="authenticator-setup">
      <h3 id="authenticator-setup">Scan this code with your authenticator app</h3>
      <figure className="qr-code">
        <QRCodeSVG
          value={totpURI}
          size={192}
          marginSize={2}
          role="img"
          aria-label="QR code for your authenticator app"
        />
      </figure>
      <form onSubmit={form.onSubmit} noValidate>
        {setup && (
          // A read-only field: people select and copy it, and screen readers read it by its label.
          <Field
            label="Cannot scan it? Enter this key in the app"
            name="totpKey"
            readOnly
            value={groupSecret(setup.secret)}
            className="secret"
            spellCheck={false}
          />
        )}
        <CodeField label="The 6-digit code the app shows" error={form.fieldError('code')} />
        <FormError message={form.formError} />
        <div className="actions start">
          <SubmitButton pending={form.pending}>Turn on two-factor</SubmitButton>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
