const stats = [
  { value: '$10M+', label: 'Rewarded' },
  { value: '1M+', label: 'Dares Completed' },
] as const;

/** Brand, tagline and the marketing stats above the auth forms. */
export function AuthHero() {
  return (
    <div className="relative overflow-hidden px-6 pt-[max(2.5rem,env(safe-area-inset-top))] pb-6 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-brand/25 blur-3xl"
      />
      <h1 className="relative text-4xl font-black tracking-tight text-ink">
        Dare<span className="text-brand">fund</span>
      </h1>
      <p className="relative mt-2 text-base font-medium text-ink-muted">
        Create, Pledge, Complete, Earn
      </p>
      <ul className="relative mt-5 grid grid-cols-2 gap-3">
        {stats.map((stat) => (
          <li key={stat.label} className="rounded-2xl border border-line bg-surface/80 px-3 py-3">
            <span className="block text-2xl font-extrabold text-ink">{stat.value}</span>{' '}
            <span className="block text-xs font-medium text-ink-muted">{stat.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
