/**
 * Stands in for a remote's screen until that screen is built: it names the screen and marks which
 * remote rendered it (`data-testid="remote-screen"`), so the shell's wiring can be seen working.
 */
export function ScreenPlaceholder({ remote, screen }: { remote: string; screen: string }) {
  return (
    <section data-testid="remote-screen" data-remote={remote} className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{screen}</h1>
      <p className="mt-4 text-slate-600">
        This screen is served by <code>{remote}</code> and is being built.
      </p>
    </section>
  );
}
