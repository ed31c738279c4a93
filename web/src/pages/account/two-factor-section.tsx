import { useState } from 'react';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Notice } from '../../components/form-parts';
import { AuthenticatorSetup } from './authenticator-setup';
import { BackupCodes } from './backup-codes';
import { PasswordConfirmedForm } from './password-confirmed-form';

/** Where the section is: nothing shown, an authenticator being set up, or new backup codes shown once. */
type Step =
  | { kind: 'idle'; notice?: string }
  | { kind: 'setup'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[]; notice: string };

/**
 * Two-factor with an authenticator app: set it up (password, QR code, first code), see the backup codes once,
 * issue new ones, or turn it off. The session's user says whether it is on; each step reads the session again.
 */
export function TwoFactorSection() {
  const { data: session, refetch } = authClient.useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  if (!session) return null;
  const enabled = session.user.twoFactorEnabled === true;
  const done = (notice?: string) => {
    setStep({ kind: 'idle', notice });
    void refetch();
  };
  return (
    <section aria-labelledby="two-factor">
      <h2 id="two-factor">Two-factor authentication</h2>
      <p>
        Status: <strong>{enabled ? 'on' : 'off'}</strong>.{' '}
        {enabled
          ? 'Signing in asks for a code from your authenticator app, a mailed code or a backup code.'
          : 'Add a second step to signing in: a code from an authenticator app on your phone.'}
      </p>
      {step.kind === 'idle' && step.notice && <Notice>{step.notice}</Notice>}
      {step.kind === 'setup' && (
        <AuthenticatorSetup
          totpURI={step.totpURI}
          onVerified={() => {
            setStep({ kind: 'codes', backupCodes: step.backupCodes, notice: 'Two-factor authentication is on.' });
            void refetch();
          }}
          onCancel={() => done()}
        />
      )}
      {step.kind === 'codes' && (
        <>
          <Notice>{step.notice}</Notice>
          <BackupCodes codes={step.backupCodes} account={session.user.email} onDone={() => done()} />
        </>
      )}
      {step.kind === 'idle' && !enabled && (
        <PasswordConfirmedForm
          button="Set up an authenticator app"
          submit={(password) => unwrap(authClient.twoFactor.enable({ password }))}
          onSuccess={(answer) =>
            'totpURI' in answer && setStep({ kind: 'setup', totpURI: answer.totpURI, backupCodes: answer.backupCodes })
          }
        />
      )}
      {step.kind === 'idle' && enabled && (
        <>
          <h3>Backup codes</h3>
          <PasswordConfirmedForm
            button="Get new backup codes"
            submit={(password) => unwrap(authClient.twoFactor.generateBackupCodes({ password }))}
            onSuccess={({ backupCodes }) =>
              setStep({ kind: 'codes', backupCodes, notice: 'New backup codes: the old ones no longer work.' })
            }
          >
            <p>New codes replace the ones you have.</p>
          </PasswordConfirmedForm>
          <h3>Turn off two-factor</h3>
          <PasswordConfirmedForm
            button="Turn off two-factor"
            submit={(password) => unwrap(authClient.twoFactor.disable({ password }))}
            onSuccess={() => done('Two-factor authentication is off. Your trusted devices are forgotten.')}
          >
            <p>Signing in will ask for your password only.</p>
          </PasswordConfirmedForm>
        </>
      )}
    </section>
  );
}
