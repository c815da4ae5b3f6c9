export async function generateSynthetic(_dir: string): Promise<string> {
  throw new Error("todo");
}
