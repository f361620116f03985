import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

// The W3C Nu HTML checker (the validator behind validator.w3.org/nu), with Java (scripts/ensure-tool.sh java).
const VNU_JAR = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * What the checker says of HTML files: its errors ("file:line message extract"), and the files it could not read as
 * documents (none when every file was checked).
 */
export async function checkHtmlFiles(files: readonly string[]): Promise<{ errors: string[]; unread: string[] }> {
  let report: string;
  try {
    const { stderr } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    report = stderr;
  } catch (error) {
    throw new Error(`Le validateur HTML (Java) n'a pas pu être lancé : ${String(error)}`);
  }
  const messages = (JSON.parse(report) as { messages: VnuMessage[] }).messages;
  const describe = (message: VnuMessage) =>
    `${path.basename(message.url)}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`.trim();
  return {
    errors: messages.filter((message) => message.type === "error" || message.subType === "fatal").map(describe),
    unread: messages.filter((message) => message.type === "non-document-error").map(describe),
  };
}
