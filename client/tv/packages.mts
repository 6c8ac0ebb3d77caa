import type { Plugin } from 'vite';

/**
 * The vendors' manifests, written beside the built app with the version of package.json, so `npm run build:tv`
 * gives a folder each vendor's packager takes as it is (docs/tv-app.md): Tizen's config.xml (W3C widget, Tizen
 * TV profile) and webOS's appinfo.json. Icons: client/tv/public/.
 */
export const TV_PACKAGE = {
  name: 'M3U Player',
  /** Tizen: a 10-character package id and `<package>.<name>` application id. */
  tizenPackage: 'M3uPlayrTV',
  tizenApplication: 'M3uPlayrTV.M3UPlayer',
  /** webOS: a reverse-domain id. */
  webosId: 'com.m3uplayer.tv',
  vendor: 'M3U Player',
} as const;

export function tizenConfig(version: string): string {
  const p = TV_PACKAGE;
  return `<?xml version="1.0" encoding="UTF-8"?>
<widget xmlns="http://www.w3.org/ns/widgets" xmlns:tizen="http://tizen.org/ns/widgets" id="https://m3uplayer.tv/${p.tizenPackage}" version="${version}" viewmodes="maximized">
  <tizen:application id="${p.tizenApplication}" package="${p.tizenPackage}" required_version="5.5"/>
  <tizen:profile name="tv-samsung"/>
  <content src="index.html"/>
  <name>${p.name}</name>
  <icon src="icon-512.png"/>
  <feature name="http://tizen.org/feature/screen.size.all"/>
  <!-- Playlists and channels come from any provider the owner adds. -->
  <access origin="*" subdomains="true"/>
  <tizen:privilege name="http://tizen.org/privilege/internet"/>
  <!-- webapis.network.getMac(): the MAC address the portal knows the TV by. -->
  <tizen:privilege name="http://developer.samsung.com/privilege/network.public"/>
  <!-- The remote's channel and number keys (tizen.tvinputdevice.registerKey). -->
  <tizen:privilege name="http://tizen.org/privilege/tv.inputdevice"/>
  <tizen:setting screen-orientation="landscape" context-menu="disable" background-support="disable" encryption="disable" install-location="auto" hwkey-event="enable"/>
</widget>
`;
}

export function webosAppInfo(version: string): string {
  const p = TV_PACKAGE;
  return `${JSON.stringify(
    {
      id: p.webosId,
      version,
      vendor: p.vendor,
      type: 'web',
      main: 'index.html',
      title: p.name,
      icon: 'icon-80.png',
      largeIcon: 'icon-130.png',
      resolution: '1920x1080',
      // Back reaches the app as key 461 instead of moving the page's history.
      disableBackHistoryAPI: true,
    },
    null,
    2,
  )}\n`;
}

export function tvPackages(version: string): Plugin {
  return {
    name: 'tv-packages',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'config.xml', source: tizenConfig(version) });
      this.emitFile({ type: 'asset', fileName: 'appinfo.json', source: webosAppInfo(version) });
    },
  };
}
