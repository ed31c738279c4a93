import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Organizations, members, invitations and teams grow here (see the open issues). */
@Module({ imports: [CqrsModule.forRoot()] })
export class OrganizationModule {}
