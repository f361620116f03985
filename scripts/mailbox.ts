/**
 * `npm run mailbox`: a mail server for trying the site's e-mails on one machine. It listens on 127.0.0.1 only
 * (`MAILBOX_PORT`, 2525), takes any sign-in, sends nothing on, and prints each e-mail it receives: who it is for, its
 * subject, its text and its links (a confirmation link can be opened from there). Start the site beside it with:
 *
 *   SMTP_URL=smtp://site:local@127.0.0.1:2525 CONTACT_TO_EMAIL=moi@exemple.fr \
 *     CONTACT_FROM_EMAIL='CodeParrain <site@exemple.fr>' npm start
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.MAILBOX_PORT ?? 2525);
let count = 0;

const server = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  onAuth: (_auth, _session, callback) => callback(null, { user: "local" }),
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address).join(", ");
        const links = [...new Set((mail.text ?? "").match(/https?:\/\/[^\s<>()]*[^\s<>().,;:!?]/g) ?? [])];
        console.log(
          [
            `\n── E-mail ${count} · ${new Date().toLocaleTimeString("fr-FR")} ──`,
            `Pour : ${recipients}`,
            `Objet : ${mail.subject ?? "(sans objet)"}`,
            "",
            (mail.text ?? "").trim(),
            ...(links.length > 0 ? ["", "Liens :", ...links.map((link) => `  ${link}`)] : []),
          ].join("\n"),
        );
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Le port ${port} est déjà pris (une autre boîte aux lettres ?) : choisissez-en un autre avec MAILBOX_PORT.`
      : `La boîte aux lettres s'est arrêtée : ${error.message}`,
  );
  process.exit(1);
});

server.listen(port, "127.0.0.1", () => {
  console.log(`Boîte aux lettres locale sur smtp://127.0.0.1:${port} : les e-mails du site s'affichent ici.`);
  console.log(
    `Lancez le site avec SMTP_URL=smtp://site:local@127.0.0.1:${port} CONTACT_TO_EMAIL=moi@exemple.fr CONTACT_FROM_EMAIL='CodeParrain <site@exemple.fr>' npm start`,
  );
});
