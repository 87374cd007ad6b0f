// The independent parser of the Prometheus text format the metrics tests read scrapes with
// (it ships no types). Values stay strings, as the package returns them.
declare module 'parse-prometheus-text-format' {
  export type PrometheusSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type PrometheusFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  };
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
