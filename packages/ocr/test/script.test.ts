import ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { EN_DICT, modelPaths } from "../src/models.ts";
import { pageScript } from "../src/steps/script.ts";

describe("page script from the first lines read", () => {
  it("waits for three lines and 24 letters, unless all lines are read", () => {
    expect(pageScript(["Dear Tom,", "thank you"])).toBeUndefined();
    expect(pageScript(["Hi", "ok", "yes"])).toBeUndefined();
    expect(pageScript(["Hi", "ok", "yes"], true)).toBe("en");
    expect(pageScript(["我们去公园"], true)).toBe("zh");
    expect(pageScript([""], true)).toBeUndefined();
  });

  it("calls a page of Latin lines English, under a Chinese name and class line too", () => {
    expect(pageScript(["Dear Tom, thank you for", "your letter about the", "school trip."])).toBe("en");
    expect(pageScript(["姓名：李华 班级：高二（3）班", "Dear Tom, thank you for", "your letter about the"])).toBe("en");
  });

  it("calls a page Chinese when half its letters are Han, pinyin and English words included", () => {
    expect(pageScript(["我们去公园玩了一下午", "今天天气很好", "我很gāo xìng"])).toBe("zh");
    expect(pageScript(["今天我和Tom一起去公园", "玩，我们看见了很多", "flowers和小鸟"])).toBe("zh");
  });

  it("leaves a real mix undecided until all lines are read", () => {
    const mix = ["Today 我和Tom去了公园玩", "with my 妈妈 and 爸爸", "我们很开心 all day"];
    expect(pageScript(mix)).toBeUndefined();
    expect(pageScript(mix, true)).toBe("en");
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
