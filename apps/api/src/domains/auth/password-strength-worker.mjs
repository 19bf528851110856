// The password strength checker's thread (domains/auth/password-strength.ts): zxcvbn is synchronous and takes up to about half
// a second on a hostile password of 64 characters, so it runs here, never on the thread that answers requests.
// Plain JavaScript: the same file runs under tsx, vitest and node alike.
import { parentPort, workerData } from "node:worker_threads";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

// No `translations`: feedback stays as keys, translated by whoever shows it (the pages, per locale).
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  maxLength: workerData.maxLength,
});

parentPort.on("message", ({ id, password, userInputs }) => {
  try {
    const result = zxcvbn.check(password, userInputs);
    parentPort.postMessage({
      id,
      score: result.score,
      warning: result.feedback.warning ?? undefined,
      suggestions: [...result.feedback.suggestions],
    });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
