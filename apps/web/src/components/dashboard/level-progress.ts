/** One monthly goal of the next level (new trading invitees, or their volume) and how far this month has come. */
export interface GoalProgress {
  /** The goal is reached: the count or volume is at least the level's requirement. */
  met: boolean;
  /** What is still missing (0 once met). */
  remaining: number;
  /** Share of the goal reached, 0 to 100 (capped: 90 of 15 is 100, not 600). */
  percent: number;
}

export function goalProgress(current: number, target: number): GoalProgress {
  const met = current >= target;
  const percent = target > 0 ? Math.min(100, Math.floor((Math.max(0, current) / target) * 100)) : 100;
  return { met, remaining: met ? 0 : target - current, percent: met ? 100 : percent };
}
