/** What each environment variable may hold, its default, and the combinations the site refuses to start with. */
import { MESSAGES_PER_NETWORK_PER_HOUR } from "@contract/contact-fields";
import * as z from "zod";
import {
  DEFAULT_POOL_SIZE,
  IDENTITY,
  IDENTITY_VARIABLES,
  isEmail,
  isLocalAddress,
  isPostgresUrl,
  isSmtpUrl,
  MAILBOX,
  OUTBOX_LEASE_SECONDS,
  VISITOR_ALERTS_DELAY_SECONDS,
  VISITOR_MAILS_PER_HOUR,
  ALERT_REQUESTS_PER_NETWORK_PER_HOUR,
} from "./values.server";
import { parseTrustProxy, type TrustProxy } from "../http/trust-proxy.server";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    LOG_LEVEL: z
      .enum(["debug", "info", "warn", "error"], { message: "LOG_LEVEL doit valoir debug, info, warn ou error." })
      .default("info"),
    PORT: z.coerce
      .number({ message: "PORT doit être un numéro de port." })
      .int()
      .min(0, { message: "PORT doit être compris entre 0 (un port libre) et 65535." })
      .max(65_535, { message: "PORT doit être compris entre 0 (un port libre) et 65535." })
      .default(3000),
    HOST: optionalText.default("0.0.0.0"),
    SUPABASE_URL: optionalText.pipe(
      z.url({ message: "SUPABASE_URL doit être une adresse http(s) valide." }).optional(),
    ),
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    OWNER_PASSWORD: optionalText.pipe(
      z.string().min(12, { message: "OWNER_PASSWORD doit comporter au moins 12 caractères." }).optional(),
    ),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, { message: "SESSION_SECRET doit comporter au moins 32 caractères." }).optional(),
    ),
    SESSION_SECRET_PREVIOUS: optionalText.pipe(
      z.string().min(32, { message: "SESSION_SECRET_PREVIOUS doit comporter au moins 32 caractères." }).optional(),
    ),
    SITE_NAME: optionalText.default("CodeParrain"),
    SITE_URL: optionalText
      .pipe(z.url({ message: "SITE_URL doit être une adresse http(s) valide." }).optional())
      .default("http://localhost:3000"),
    // The identity of the legal notice: placeholders (EXAMPLE_IDENTITY) fill in what is missing, except in
    // production on a public address, where each one is required (see the refinement below).
    PUBLISHER_NAME: optionalText,
    CONTACT_EMAIL: optionalText.pipe(
      z.email({ message: "CONTACT_EMAIL doit être une adresse e-mail valide." }).optional(),
    ),
    HOSTING_PROVIDER: optionalText,
    HOSTING_ADDRESS: optionalText,
    HOSTING_PHONE: optionalText,
    DATA_DIR: optionalText.default(".data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .refine(isPostgresUrl, {
          message:
            "DATABASE_URL doit être l'adresse d'un serveur Postgres, par exemple " +
            "postgres://utilisateur:motdepasse@db.exemple.fr:5432/codeparrain.",
        })
        .refine((url) => !isPostgresUrl(url) || new URL(url).port !== "6543", {
          message:
            "DATABASE_URL désigne le pooler en mode transaction de Supabase (port 6543), où les verrous de session et " +
            "LISTEN ne fonctionnent pas : utilisez la connexion directe ou le pooler en mode session (port 5432).",
        })
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: "DATABASE_POOL_SIZE doit être un nombre de connexions." })
      .int({ message: "DATABASE_POOL_SIZE doit être un nombre entier de connexions." })
      .min(1, { message: "DATABASE_POOL_SIZE doit être compris entre 1 et 100." })
      .max(100, { message: "DATABASE_POOL_SIZE doit être compris entre 1 et 100." })
      .default(DEFAULT_POOL_SIZE),
    BRANDS_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
    BRANDS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
    HTML_CACHE: z.enum(["on", "off"]).default("on"),
    CONTACT_CLIENT_KEY_SECRET: optionalText.pipe(
      z.string().min(32, { message: "CONTACT_CLIENT_KEY_SECRET doit comporter au moins 32 caractères." }).optional(),
    ),
    CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
    CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    CONTACT_NETWORK_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(MESSAGES_PER_NETWORK_PER_HOUR),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .refine(isSmtpUrl, {
          message:
            "SMTP_URL doit être l'adresse d'un serveur d'envoi, par exemple smtp://utilisateur:motdepasse@smtp.exemple.fr:587 (smtps:// pour TLS dès la connexion).",
        })
        .optional(),
    ),
    OUTBOX_LEASE_SECONDS: z.coerce
      .number({ message: "OUTBOX_LEASE_SECONDS doit être un nombre de secondes." })
      .int({ message: "OUTBOX_LEASE_SECONDS doit être un nombre entier de secondes." })
      .min(10, { message: "OUTBOX_LEASE_SECONDS doit être compris entre 10 et 3600 secondes." })
      .max(3_600, { message: "OUTBOX_LEASE_SECONDS doit être compris entre 10 et 3600 secondes." })
      .default(OUTBOX_LEASE_SECONDS),
    VISITOR_ALERTS_DELAY_SECONDS: z.coerce
      .number({ message: "VISITOR_ALERTS_DELAY_SECONDS doit être un nombre de secondes." })
      .int({ message: "VISITOR_ALERTS_DELAY_SECONDS doit être un nombre entier de secondes." })
      .min(0, { message: "VISITOR_ALERTS_DELAY_SECONDS doit être compris entre 0 et 300 secondes." })
      .max(300, { message: "VISITOR_ALERTS_DELAY_SECONDS doit être compris entre 0 et 300 secondes." })
      .default(VISITOR_ALERTS_DELAY_SECONDS),
    VISITOR_MAILS_PER_HOUR: z.coerce
      .number({ message: "VISITOR_MAILS_PER_HOUR doit être un nombre d'e-mails." })
      .int({ message: "VISITOR_MAILS_PER_HOUR doit être un nombre entier d'e-mails." })
      .min(1, { message: "VISITOR_MAILS_PER_HOUR doit être compris entre 1 et 100000." })
      .max(100_000, { message: "VISITOR_MAILS_PER_HOUR doit être compris entre 1 et 100000." })
      .default(VISITOR_MAILS_PER_HOUR),
    ALERT_REQUESTS_PER_NETWORK_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(ALERT_REQUESTS_PER_NETWORK_PER_HOUR),
    DKIM_DOMAIN: optionalText,
    DKIM_SELECTOR: optionalText,
    DKIM_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .refine((value) => value.includes("PRIVATE KEY-----"), {
          message: "DKIM_PRIVATE_KEY doit être une clé privée au format PEM (-----BEGIN PRIVATE KEY-----…).",
        })
        .optional(),
    ),
    CONTACT_TO_EMAIL: optionalText.pipe(
      z.email({ message: "CONTACT_TO_EMAIL doit être une adresse e-mail valide." }).optional(),
    ),
    CONTACT_FROM_EMAIL: optionalText.pipe(
      z
        .string()
        .refine((value) => isEmail(MAILBOX.exec(value)?.slice(1).find(Boolean) ?? ""), {
          message:
            "CONTACT_FROM_EMAIL doit être une adresse e-mail valide, seule ou sous la forme « Nom <adresse@exemple.fr> ».",
        })
        .optional(),
    ),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): TrustProxy => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !isLocalAddress(env.SITE_URL)) {
      for (const variable of IDENTITY_VARIABLES) {
        if (!env[variable]) {
          ctx.addIssue({
            code: "custom",
            path: [variable],
            message: `${variable} est obligatoire en production : ${IDENTITY[variable].reason} figure dans les mentions légales.`,
          });
        }
      }
    }
    if (env.SMTP_URL) {
      const roles = {
        CONTACT_TO_EMAIL: "l'adresse qui reçoit les messages des visiteurs",
        CONTACT_FROM_EMAIL: "l'adresse d'expédition, acceptée par le serveur SMTP",
      } as const;
      for (const [variable, role] of Object.entries(roles)) {
        if (!env[variable as keyof typeof roles]) {
          ctx.addIssue({
            code: "custom",
            path: [variable],
            message: `${variable} est obligatoire avec SMTP_URL : ${role}.`,
          });
        }
      }
    }
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR et DKIM_PRIVATE_KEY vont ensemble : définissez les trois, ou aucun.",
      });
    }
    if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_ANON_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SUPABASE_URL ? "SUPABASE_ANON_KEY" : "SUPABASE_URL"],
        message:
          "SUPABASE_URL et SUPABASE_ANON_KEY vont ensemble : définissez les deux (Supabase hébergé) ou aucun (base embarquée).",
      });
    }
    if (env.DATABASE_URL && env.SUPABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "DATABASE_URL et SUPABASE_URL désignent chacun une base : définissez l'un ou l'autre, pas les deux " +
          "(la base d'un projet Supabase s'atteint aussi par DATABASE_URL).",
      });
    }
    if (env.SESSION_SECRET_PREVIOUS && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET_PREVIOUS"],
        message: "SESSION_SECRET_PREVIOUS sert à changer de secret : il faut aussi le nouveau, SESSION_SECRET.",
      });
    }
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET est obligatoire avec DATABASE_URL, la même valeur pour toutes les instances (au moins 32 " +
          "caractères aléatoires, par exemple : openssl rand -hex 32) : les votes, la connexion à la gestion et les " +
          "liens d'effacement en dépendent.",
      });
    }
    if (env.NODE_ENV === "production" && env.SUPABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET est obligatoire en production avec Supabase (au moins 32 caractères aléatoires).",
      });
    }
    if (env.NODE_ENV === "production" && env.SUPABASE_URL && !env.CONTACT_CLIENT_KEY_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["CONTACT_CLIENT_KEY_SECRET"],
        message:
          "CONTACT_CLIENT_KEY_SECRET est obligatoire en production avec Supabase (au moins 32 caractères aléatoires, " +
          "la même valeur que le secret de la fonction send-contact-email) : sans lui, la fonction compte les messages " +
          "de tous les visiteurs comme ceux d'un seul expéditeur, le serveur du site.",
      });
    }
  });
