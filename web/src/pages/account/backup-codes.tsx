import { useMutation } from '@tanstack/react-query';
import { backupCodesText } from '../../lib/one-time-codes';
import { Notice } from '../../components/form-parts';

interface BackupCodesProps {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}

/**
 * Freshly issued backup codes, shown this once: the server keeps only their hashes. "Copy" puts them on the
 * clipboard as a numbered text; "I have saved them" hides them.
 */
export function BackupCodes({ codes, account, onDone }: BackupCodesProps) {
  const copy = useMutation({ mutationFn: () => navigator.clipboard.writeText(backupCodesText(codes, account)) });
  return (
    <section aria-labelledby="backup-codes" className="backup-codes">
      <h3 id="backup-codes">Your backup codes</h3>
      <p>
        Keep these codes somewhere safe, apart from your phone. Each signs you in once if you lose your authenticator.
        They will not be shown again; new codes make these stop working.
      </p>
      <ol className="code-list" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {copy.isSuccess && <Notice>The codes are on your clipboard.</Notice>}
      {copy.isError && <Notice>Your browser did not let us copy them: select and copy them by hand.</Notice>}
      <p className="actions start">
        <button type="button" onClick={() => copy.mutate()}>
          Copy the codes
        </button>
        <button type="button" className="primary" onClick={onDone}>
          I have saved them
        </button>
      </p>
    </section>
  );
}
