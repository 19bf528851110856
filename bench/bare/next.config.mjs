// Same Next version (resolved from the repository's node_modules) and the same config shape as apps/web.
export default {
  assetPrefix: "/affiliates",
  poweredByHeader: false,
  reactStrictMode: true,
};
