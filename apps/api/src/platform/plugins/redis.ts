import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { createMemoryStore, createRedisStore, type CounterStore } from "../redis/counter-store";

declare module "fastify" {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (rate limits, throttles), else null. */
    redis: Redis | null;
    counterStore: CounterStore;
  }
}

export interface RedisOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
  now: () => number;
}

export default fp<RedisOptions>(
  async (app, options) => {
    if (!options.redisUrl) {
      app.decorate("redis", null);
      app.decorate("counterStore", createMemoryStore(options.now));
      return;
    }
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000, lazyConnect: true });
    redis.on("error", (error: Error) => app.log.warn({ err: error }, "redis error"));
    await redis.connect();
    app.decorate("redis", redis);
    app.decorate("counterStore", createRedisStore(redis, `${options.keyPrefix}throttle:`));
    app.addHook("onClose", async () => {
      await redis.quit();
    });
  },
  { name: "redis" },
);
