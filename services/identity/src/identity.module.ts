import { EventStore, PersonalDataVault, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity.config.js';
import { PasswordHasher } from './password/password-hasher.js';
import { VerifyPasswordHandler } from './credential/queries/verify-password.handler.js';
import { RegisterUserHandler } from './user/commands/register-user.handler.js';
import { GetUserHandler } from './user/queries/get-user.handler.js';
import { UsernameAvailabilityHandler } from './user/queries/username-availability.handler.js';
import { UserNatsController } from './user/user.nats-controller.js';

@Module({})
export class IdentityModule {
  static forRuntime(runtime: ServiceRuntime, config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [CqrsModule.forRoot()],
      controllers: [UserNatsController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: EventStore, useValue: runtime.store },
        { provide: PersonalDataVault, useValue: runtime.vault },
        { provide: DataSource, useValue: runtime.dataSource },
        { provide: PasswordHasher, useValue: new PasswordHasher(config.BCRYPT_COST) },
        RegisterUserHandler,
        GetUserHandler,
        VerifyPasswordHandler,
        UsernameAvailabilityHandler,
      ],
    };
  }
}
