import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, {
  type PrometheusFamily,
  type PrometheusSample,
} from 'parse-prometheus-text-format';

/** A token METRICS_TOKEN accepts (32+ visible characters). */
export const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** GET /metrics through app.inject, with `Authorization: Bearer <token>` when given. */
export const getMetrics = (app: FastifyInstance, token?: string) =>
  app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/**
 * A scrape read by an independent parser of the text format (parse-prometheus-text-format).
 * `families` is its reading as is (names, help, types). The parser merges the series of a
 * histogram with labels into one and drops their labels (its open issue #13), so for the
 * samples the text is read a second time with the histograms' TYPE lines left out: each of
 * their `_bucket`, `_sum` and `_count` lines is then a sample with all its labels.
 */
export class Scrape {
  readonly families: Map<string, PrometheusFamily>;
  private readonly samplesByName = new Map<string, PrometheusSample[]>();

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
    const histogramsSplit = text
      .split('\n')
      .filter((line) => !/^# TYPE \S+ histogram$/.test(line))
      .join('\n');
    // A histogram's parts come series by series, so one name can come back several times.
    for (const family of parsePrometheusTextFormat(histogramsSplit)) {
      const known = this.samplesByName.get(family.name) ?? [];
      this.samplesByName.set(family.name, [...known, ...family.metrics]);
    }
  }

  family(name: string): PrometheusFamily {
    const family = this.families.get(name);
    if (!family) throw new Error(`no metric ${name} in the scrape`);
    return family;
  }

  /** The samples named `name` (a histogram's: `<name>_count`...) whose labels include `labels`. */
  samples(name: string, labels: Record<string, string> = {}): PrometheusSample[] {
    return (this.samplesByName.get(name) ?? []).filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
  }

  /** The value of one counter or gauge series (0 when none has these labels yet). */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples(name, labels);
    if (found.length > 1) throw new Error(`${found.length} series of ${name} match`);
    return found[0] ? Number(found[0].value) : 0;
  }

  /** A histogram's observations over its series whose labels include `labels`. */
  count(histogram: string, labels: Record<string, string> = {}): number {
    return this.samples(`${histogram}_count`, labels).reduce((sum, s) => sum + Number(s.value), 0);
  }

  /** Every value of one label across the samples named `name`. */
  labelValues(name: string, label: string): string[] {
    return [...new Set(this.samples(name).map((sample) => sample.labels?.[label] ?? ''))];
  }
}

/** Scrapes the app with the token; fails the test unless the answer is a 200. */
export async function scrape(app: FastifyInstance, token = METRICS_TOKEN): Promise<Scrape> {
  const response = await getMetrics(app, token);
  if (response.statusCode !== 200) throw new Error(`/metrics ${response.statusCode}`);
  return new Scrape(response.body);
}
