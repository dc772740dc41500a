import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node versions the README promises, each at the oldest release the promise covers. npm warns
// (EBADENGINE) at every install when a locked package does not declare them, and a package that
// says it needs a newer Node may use what the older one lacks.
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  dev?: boolean;
}

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');

describe('supported Node versions', () => {
  it('declares exactly the supported majors in engines', () => {
    for (const version of SUPPORTED) expect(semver.satisfies(version, pkg.engines.node)).toBe(true);
    for (const version of ['20.18.0', '21.7.0', '22.12.0', '23.0.0', '25.0.0']) {
      expect(semver.satisfies(version, pkg.engines.node), version).toBe(false);
    }
  });

  it('locks only packages that accept every supported version', () => {
    const refusing = locked.flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range === undefined) return [];
      const refused = SUPPORTED.filter((v) => !semver.satisfies(v, range, { includePrerelease: true }));
      return refused.length > 0
        ? [`${path}@${entry.version} (node ${range}) refuses ${refused.join(', ')}`]
        : [];
    });
    expect(refusing).toEqual([]);
  });

  it('locks no package with an install script', () => {
    const scripted = locked.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
    expect(scripted).toEqual([]);
  });
});
