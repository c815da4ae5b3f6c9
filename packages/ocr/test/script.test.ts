import ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { EN_DICT, modelPaths } from "../src/models.ts";
import { pageScript } from "../src/pipeline.ts";

describe("page script from the first lines read", () => {
  it("waits for three lines and 24 letters", () => {
    expect(pageScript(["Dear Tom,", "thank you"])).toBeUndefined();
    expect(pageScript(["Hi", "ok", "yes"])).toBeUndefined();
  });

  it("calls a page of Latin lines English", () => {
    expect(pageScript(["Dear Tom, thank you for", "your letter about the", "school trip."])).toBe("en");
  });

  it("calls a page Chinese as soon as a fifth of its letters are Han, pinyin included", () => {
    expect(pageScript(["我们去公园玩了一下午", "今天天气很好", "我很gāo xìng"])).toBe("zh");
    expect(pageScript(["Today Tom and I went to", "the park 公园 with my 妈妈", "and 爸爸 and 奶奶一起"])).toBe("zh");
  });

  it("keeps a stray Han reading on an English page English, and leaves a real mix undecided", () => {
    expect(pageScript(["Dear Tom, thank you for 你", "your letter about the trip", "school trip to the river"])).toBe(
      "en",
    );
    expect(pageScript(["Dear Tom, 你好我的朋友", "thank you for the", "letter"])).toBeUndefined();
  });
});

describe("English model alphabet", () => {
  it("has one class per model output after the CTC blank", async () => {
    const files = await modelPaths();
    const session = await ort.InferenceSession.create(files.recEn);
    const input = new ort.Tensor("float32", new Float32Array(3 * 48 * 160).fill(1), [1, 3, 48, 160]);
    const out = await session.run({ [session.inputNames[0]!]: input });
    const dims = out[session.outputNames[0]!]!.dims;
    expect(dims[2]).toBe(EN_DICT.length + 1);
    expect(EN_DICT.slice(0, 10).join("")).toBe("0123456789");
    expect(EN_DICT.at(-1)).toBe(" ");
    await session.release();
  });
});
