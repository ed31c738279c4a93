import { IsOptional, IsString } from 'class-validator';

/** Query flags arrive as strings; only the exact string "true" turns one on. */
export class GetSessionQueryParams {
  @IsOptional()
  @IsString()
  disableCookieCache?: string;

  @IsOptional()
  @IsString()
  disableRefresh?: string;
}
