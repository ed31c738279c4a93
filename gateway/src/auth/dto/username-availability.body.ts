import { IsString, MaxLength } from 'class-validator';

export class UsernameAvailabilityBody {
  @IsString()
  @MaxLength(256)
  username!: string;
}
