/**
 * Ends the current task: what follows the `await` runs in a task of its own. Start-up work split at these points
 * stays in tasks a phone finishes quickly, instead of one long task that holds off a tap (issue 36's TBT).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
