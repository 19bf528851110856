import { installNativeHostSimulator, type NativeHostConfig } from "./install-native-host-simulator";

/**
 * The simulator as script text for `page.addInitScript({content})`, a `<script>` tag, devtools or a
 * bookmarklet (prefix `javascript:`). A no-op `__name` is defined in case a bundler's keep-names
 * helper was compiled into the function.
 */
export function nativeHostSimulatorScript(config: NativeHostConfig): string {
  const fn = installNativeHostSimulator.toString();
  return `(function(){var __name=function(t){return t};(${fn})(window, ${JSON.stringify(config)});})();`;
}
