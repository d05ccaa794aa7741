import { createServer, type Server, type Socket } from "node:net";

export interface ReceivedMail {
  /** The decoded `AUTH PLAIN` / `AUTH LOGIN` credentials, when the client sent any. */
  auth?: { user: string; pass: string };
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent after DATA, dot-stuffing undone. */
  data: string;
}

export interface SmtpSink {
  port: number;
  /** `smtp://user:pass@127.0.0.1:<port>` */
  url(user?: string, pass?: string): string;
  received: ReceivedMail[];
  /** Answers every following message with `550` (the server refuses it). */
  refuseMail(refuse: boolean): void;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server for tests (RFC 5321 without extensions other than AUTH): it accepts one
 * or more messages per connection and keeps them, so the platform's real SMTP path (nodemailer
 * over TCP) can be tested without a mail server.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let refuse = false;

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let mode: "command" | "data" | "auth-user" | "auth-pass" = "command";
    let current: ReceivedMail = { from: "", to: [], data: "" };
    let authUser = "";
    let auth: ReceivedMail["auth"];
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      const upper = line.toUpperCase();
      if (mode === "auth-user") {
        authUser = Buffer.from(line, "base64").toString("utf8");
        mode = "auth-pass";
        return reply(`334 ${Buffer.from("Password:").toString("base64")}`);
      }
      if (mode === "auth-pass") {
        auth = { user: authUser, pass: Buffer.from(line, "base64").toString("utf8") };
        mode = "command";
        return reply("235 2.7.0 Authentication successful");
      }
      if (upper.startsWith("EHLO")) {
        socket.write("250-sink.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n");
        return;
      }
      if (upper.startsWith("HELO")) return reply("250 sink.test");
      if (upper.startsWith("AUTH PLAIN")) {
        const [, user = "", pass = ""] = Buffer.from(line.slice(11).trim(), "base64")
          .toString("utf8")
          .split("\0");
        auth = { user, pass };
        return reply("235 2.7.0 Authentication successful");
      }
      if (upper.startsWith("AUTH LOGIN")) {
        mode = "auth-user";
        return reply(`334 ${Buffer.from("Username:").toString("base64")}`);
      }
      if (upper.startsWith("MAIL FROM:")) {
        current = {
          from: line
            .slice(10)
            .trim()
            .replace(/^<|>.*$/g, ""),
          to: [],
          data: "",
          auth,
        };
        return reply("250 2.1.0 OK");
      }
      if (upper.startsWith("RCPT TO:")) {
        current.to.push(
          line
            .slice(8)
            .trim()
            .replace(/^<|>.*$/g, ""),
        );
        return reply("250 2.1.5 OK");
      }
      if (upper === "DATA") {
        mode = "data";
        return reply("354 End data with <CR><LF>.<CR><LF>");
      }
      if (upper === "RSET") return reply("250 OK");
      if (upper === "NOOP") return reply("250 OK");
      if (upper === "QUIT") {
        reply("221 Bye");
        socket.end();
        return;
      }
      return reply("502 5.5.2 Command not implemented");
    };

    socket.on("data", (chunk: string) => {
      buffer += chunk;
      while (true) {
        if (mode === "data") {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          mode = "command";
          if (refuse) {
            reply("550 5.7.1 Refused by the test");
          } else {
            received.push(current);
            reply("250 2.0.0 Queued");
          }
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    });
    reply("220 sink.test ESMTP test sink");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: (user = "mailer", pass = "secret") =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    received,
    refuseMail(value) {
      refuse = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
