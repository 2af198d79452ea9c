import { describe, expect, it } from "vitest";
import { createDataMemo, remembered } from "./data-memo.server";

/** A load that counts its calls and answers "answer n". */
function counted() {
  let calls = 0;
  const load = async () => `answer ${++calls}`;
  return { load, calls: () => calls };
}

describe("the data memo", () => {
  it("answers a key from one load until a purge names one of its tags; other tags leave it", async () => {
    const memo = createDataMemo({ ttlMs: 60_000 });
    const tags = counted();
    const articles = counted();
    expect(await memo.remember("tags", ["list:tools"], tags.load)).toBe("answer 1");
    expect(await memo.remember("tags", ["list:tools"], tags.load)).toBe("answer 1");
    expect(await memo.remember("articles", ["list:articles"], articles.load)).toBe("answer 1");

    memo.purge(["tool:1", "member:2"]);
    expect(await memo.remember("tags", ["list:tools"], tags.load)).toBe("answer 1");

    memo.purge(["list:tools"]);
    expect(await memo.remember("tags", ["list:tools"], tags.load)).toBe("answer 2");
    expect(await memo.remember("articles", ["list:articles"], articles.load)).toBe("answer 1");

    memo.purge(["site"]);
    expect(await memo.remember("articles", ["list:articles"], articles.load)).toBe("answer 2");
    expect(tags.calls()).toBe(2);
  });

  it("callers during a load share it; a purge during the load keeps its answer from every later caller", async () => {
    const memo = createDataMemo({ ttlMs: 60_000 });
    let finish!: (value: string) => void;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = memo.remember("key", ["list:tools"], slow);
    const second = memo.remember("key", ["list:tools"], slow);
    expect(calls).toBe(1);
    // A write lands while the query is under way: what it read may be from before the write.
    memo.purge(["list:tools"]);
    finish("before the write");
    expect(await first).toBe("before the write");
    expect(await second).toBe("before the write");
    expect(await memo.remember("key", ["list:tools"], async () => "after the write")).toBe("after the write");
  });

  it("runs a query builder once: a thenable that queries again on every `then`", async () => {
    const memo = createDataMemo({ ttlMs: 60_000 });
    let executions = 0;
    const builder = {
      then<T>(onFulfilled: (value: number) => T) {
        executions += 1;
        return Promise.resolve(executions).then(onFulfilled);
      },
    };
    const load = () => builder as unknown as Promise<number>;
    expect(await memo.remember("key", [], load)).toBe(1);
    expect(await memo.remember("key", [], load)).toBe(1);
    expect(executions).toBe(1);
  });

  it("loads again after its time to live, and after a failed load", async () => {
    let clock = 0;
    const memo = createDataMemo({ ttlMs: 1000, now: () => clock });
    const answers = counted();
    expect(await memo.remember("key", [], answers.load)).toBe("answer 1");
    clock = 999;
    expect(await memo.remember("key", [], answers.load)).toBe("answer 1");
    clock = 1000;
    expect(await memo.remember("key", [], answers.load)).toBe("answer 2");

    const failing = memo.remember("broken", [], () => Promise.reject(new Error("database down")));
    await expect(failing).rejects.toThrow("database down");
    expect(await memo.remember("broken", [], async () => "recovered")).toBe("recovered");
  });

  it("keeps nothing with the page cache off, nor where no memo is given", async () => {
    const memo = createDataMemo({ ttlMs: 0 });
    const answers = counted();
    await memo.remember("key", [], answers.load);
    await memo.remember("key", [], answers.load);
    expect(answers.calls()).toBe(2);

    const direct = counted();
    await remembered({}, "key", [], direct.load);
    await remembered({}, "key", [], direct.load);
    expect(direct.calls()).toBe(2);
  });
});
