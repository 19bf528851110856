export * from "./install-native-host-simulator";
export * from "./native-host-simulator-script";
