import { isTracedContract } from '@authsvc/contracts';
import { RequestErrors } from '@authsvc/errors';
import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { validateContract } from './validate-contract.js';

/** A service validates every message with its contract class, as the gateway did before sending it. */
@Injectable()
export class RpcValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype as (new () => object) | undefined;
    if (!type || !isTracedContract(type)) return value;
    return validateContract(type, value, RequestErrors.INVALID_BODY);
  }
}
