/// <reference types="vite-plugin-pwa/client" />
/** The build's id, defined by vite.config.ts; `builds/latest.json` carries the newest one. */
declare const __BUILD_ID__: string;
