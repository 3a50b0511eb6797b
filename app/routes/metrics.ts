import { env } from '#server/env';
import { metricsResponse } from '#server/metrics/metrics';
import type { Route } from './+types/metrics';

/** Prometheus metrics for operators: off unless METRICS_TOKEN is set (server/metrics/metrics.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return metricsResponse(request, env().METRICS_TOKEN);
}
