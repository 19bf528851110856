import { STORAGE_KEYS } from "./constants";
import { readStorage } from "./storage";

/** The user id cached by the last successful user-info call (requirements.md §3 local cache `global_user_id`). */
export const cachedUserId = (): string | null => readStorage(STORAGE_KEYS.globalUserId);
