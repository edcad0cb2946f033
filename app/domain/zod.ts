import { z } from "zod";

// Zod would probe `new Function` (eval) on its first parse; our CSP forbids eval, so stay jitless.
// Modules whose schemas run in the browser import z from here; the server imports it once too.
z.config({ jitless: true });

/**
 * Messages for the rules we do not word ourselves (wrong types, unknown shapes): plain Italian for
 * the person filling the form, never a library's technical text.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined ? "Questo campo è obbligatorio" : "Il valore di questo campo non è valido";
      case "too_big":
        return issue.origin === "string" ? `Il testo è troppo lungo (massimo ${issue.maximum} caratteri)` : "Il valore è troppo grande";
      case "too_small":
        return issue.origin === "string" ? `Il testo è troppo corto (almeno ${issue.minimum} caratteri)` : "Il valore è troppo piccolo";
      case "invalid_format":
        return "Il formato di questo campo non è valido";
      case "invalid_value":
        return "Scegli un valore tra quelli proposti";
      case "unrecognized_keys":
        return "La richiesta contiene campi non previsti";
      default:
        return "Il valore di questo campo non è valido";
    }
  },
});

export { z };
