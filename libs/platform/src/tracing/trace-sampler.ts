import type { TraceSamplerName } from '@authsvc/config';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';

/**
 * The sampler `OTEL_TRACES_SAMPLER` names, with `ratio` (`OTEL_TRACES_SAMPLER_ARG`) for the ratio ones. The
 * `parentbased_` samplers follow the caller's decision, so a trace is kept or dropped whole across the apps.
 */
export function traceSampler(name: TraceSamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default: {
      const unknown: never = name;
      throw new Error(`unknown sampler ${String(unknown)}`);
    }
  }
}
