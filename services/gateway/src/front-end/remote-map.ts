/** Where the shell finds each remote's manifest when they are served by the gateway itself. */
export const defaultRemoteMap: Record<string, string> = {
  mfe_seller: '/remotes/seller/mf-manifest.json',
  mfe_dealer: '/remotes/dealer/mf-manifest.json',
  mfe_admin: '/remotes/admin/mf-manifest.json',
};

/** The remote map in force: REMOTE_MAP's entries replace the defaults of the same name. */
export function effectiveRemoteMap(overrides: Record<string, string> | undefined): Record<string, string> {
  return { ...defaultRemoteMap, ...overrides };
}

/** The other origins the remote map points at: the CSP must allow loading scripts and data from them. */
export function remoteOrigins(remoteMap: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const manifestUrl of Object.values(remoteMap)) {
    if (/^https?:\/\//i.test(manifestUrl)) origins.add(new URL(manifestUrl).origin);
  }
  return [...origins];
}
