import { describe, expect, it } from 'vitest';
import { screenFilesOf, type FederationManifest } from './federation-manifest';

const manifest: FederationManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static/' } },
  exposes: [{ name: 'DealerDashboardScreen', assets: { js: { sync: ['950.5fe4c5c8.js', 'dashboard.154735de.js'] }, css: { sync: ['626.45225b3e.css'] } } }],
};

describe("a remote screen's files by its manifest", () => {
  it('When the remote exposes the screen, then its files are the entry (with its folder), the screen\'s code and its stylesheets', () => {
    expect(screenFilesOf(manifest, 'DealerDashboardScreen')).toEqual({
      entry: 'static/remoteEntry.js',
      scripts: ['950.5fe4c5c8.js', 'dashboard.154735de.js'],
      stylesheets: ['626.45225b3e.css'],
    });
  });

  it('When the remote does not expose the screen, then it has no files', () => {
    expect(screenFilesOf(manifest, 'AdminDashboardScreen')).toBeUndefined();
  });
});
