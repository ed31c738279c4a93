import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed } from '@authsvc/contracts';
import { AuthErrors, DomainError, PasskeyErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';

/**
 * What passkey decisions read, loaded from rows at the stream's version rather than by a replay of the user's
 * history: whether the user exists, and the one passkey a command names when it is theirs (null otherwise).
 */
export interface PasskeyOwner {
  readonly userId: string;
  readonly registered: boolean;
  readonly passkey: { readonly id: string; readonly name: string | null } | null;
}

/** A verified registration; ids and time come in from outside. */
export interface AddPasskey {
  readonly type: 'AddPasskey';
  readonly passkeyId: string;
  readonly name: string | null;
  readonly credential: {
    readonly credentialId: string;
    readonly publicKey: string;
    readonly counter: number;
    readonly deviceType: string;
    readonly backedUp: boolean;
    readonly transports: string;
    readonly aaguid: string;
  };
  readonly now: Date;
}

export interface RenamePasskey {
  readonly type: 'RenamePasskey';
  readonly name: string;
  readonly now: Date;
}

export interface RemovePasskey {
  readonly type: 'RemovePasskey';
  readonly now: Date;
}

export type PasskeyCommand = AddPasskey | RenamePasskey | RemovePasskey;

/**
 * A passkey is its owner's alone: a passkey of another user is answered exactly like one that does not exist, so
 * ids of other users' passkeys cannot be probed (the reference answers 401 for them and 404 for unknown ones).
 */
export function decidePasskey(command: PasskeyCommand, owner: PasskeyOwner): PendingEvent[] {
  if (!owner.registered) throw new DomainError(AuthErrors.USER_NOT_FOUND);
  const { userId } = owner;
  switch (command.type) {
    case 'AddPasskey': {
      const data = { ...command.credential, passkeyId: command.passkeyId, userId, addedAt: command.now.toISOString() };
      return [pendingEvent(PasskeyAdded, data, { name: command.name }, userId)];
    }
    case 'RenamePasskey': {
      const passkey = owned(owner);
      const name = command.name.trim();
      if (name === passkey.name) return [];
      const data = { passkeyId: passkey.id, userId, renamedAt: command.now.toISOString() };
      return [pendingEvent(PasskeyRenamed, data, { name }, userId)];
    }
    case 'RemovePasskey': {
      const passkey = owned(owner);
      return [pendingEvent(PasskeyRemoved, { passkeyId: passkey.id, userId, removedAt: command.now.toISOString() })];
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

function owned(owner: PasskeyOwner): NonNullable<PasskeyOwner['passkey']> {
  if (owner.passkey === null) throw new DomainError(PasskeyErrors.PASSKEY_NOT_FOUND);
  return owner.passkey;
}
