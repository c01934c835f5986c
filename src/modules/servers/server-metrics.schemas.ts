// A server's metrics, in the shape of Hetzner Cloud's: the range asked for,
// the step, and one series of `[unix timestamp, "value"]` points per metric.
import { Type, type Static } from 'typebox';
import { Int32, List, Text, Timestamp } from '../../schemas/common.ts';

export const METRIC_TYPES = ['cpu', 'disk', 'network'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** The longest range one request covers. */
export const MAX_RANGE_SECONDS = 31 * 24 * 60 * 60;
/** Points per series at most, as Hetzner's graphs: a step too fine for the range is widened to keep to it. */
export const MAX_POINTS = 500;
/** Points per series when the request names no `step`: what a graph needs. */
export const DEFAULT_POINTS = 200;

const TYPE_NAME = `(?:${METRIC_TYPES.join('|')})`;

const DateTime = (description: string) => Text(35, { format: 'date-time', description });

export const ServerMetricsQuery = Type.Object({
  type: Text(64, {
    pattern: `^${TYPE_NAME}(?:,${TYPE_NAME})*$`,
    description: 'Which metrics: `cpu`, `disk` or `network`, or several separated by commas (`cpu,network`)',
  }),
  start: DateTime('Start of the range (ISO 8601 with a time zone, such as `2025-03-01T12:00:00Z`)'),
  end: DateTime('End of the range: after `start`, at most 31 days after it'),
  step: Type.Optional(
    Int32(1, MAX_RANGE_SECONDS, {
      description:
        `Seconds each point covers. Default: the sampling interval (60 s), or longer so that a series has at most ${DEFAULT_POINTS} points. ` +
        `A step that would make more than ${MAX_POINTS} points is widened, and so is one finer than the resolution kept for the range (raw samples for a day, 5-minute rollups for a week, hourly ones beyond): the answer's \`step\` is the one used`,
    }),
  ),
});

const Point = List(
  Type.Union([
    Type.Number({ minimum: 0, maximum: 1e11, description: 'Unix timestamp (seconds) where the step starts' }),
    Text(24, { pattern: '^\\d+(\\.\\d{1,2})?$', description: 'The value, as a decimal string' }),
  ]),
  2,
  { minItems: 2, description: '`[timestamp, value]`: the start of the step as a Unix timestamp (seconds), and the value over the step as a decimal string' },
);

const Series = (description: string) =>
  Type.Optional(Type.Object({ values: List(Point, MAX_POINTS, { description: 'Oldest first; a step without samples (the server was not running) has no point' }) }, { description }));

export const ServerMetricsSchema = Type.Object(
  {
    start: Timestamp(),
    end: Timestamp(),
    step: Int32(1, MAX_RANGE_SECONDS, { description: 'Seconds each point covers: the step asked for, or the wider one used (see the `step` parameter)' }),
    time_series: Type.Object(
      {
        cpu: Series('CPU use in percent of the plan’s vCPUs (0–100); with `type` cpu'),
        'disk.bytes.read': Series('Bytes read from the server’s disks per second; with `type` disk'),
        'disk.bytes.write': Series('Bytes written to the server’s disks per second; with `type` disk'),
        'network.bytes.in': Series('Bytes received per second, over all its interfaces; with `type` network'),
        'network.bytes.out': Series('Bytes sent per second, over all its interfaces; with `type` network'),
      },
      { description: 'One series per metric of the types asked for' },
    ),
  },
  { title: 'ServerMetrics' },
);

export type ServerMetricsRequest = Static<typeof ServerMetricsQuery>;
export type ServerMetrics = Static<typeof ServerMetricsSchema>;
export type MetricPoint = [number, string];
