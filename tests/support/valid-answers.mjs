// One complete, valid questionnaire submission (POST /api/submit-questionnaire), shared by the
// integration tests, the end-to-end tests that post directly, `npm run bench` and `npm run stress`.
// Callers override `email` (and `name`) per submission.
/** @type {import("../../app/domain/questionnaire").QuestionnaireDraft} */
export const validAnswers = {
  name: "Giulia",
  age: "26-35",
  gender: "Donna",
  city: "Milano",
  email: "giulia@example.com",
  current_situations: ["Altro"],
  current_situations_other: "Mi sento spesso sola",
  difficulty_frequency: "Ogni giorno",
  coping_strategies: ["Altro"],
  coping_strategies_other: "Cammino",
  energy_level: "Medio",
  blocked_area: "Relazioni",
  blocked_area_other: "",
  current_situation_summary: "Da qualche mese faccio fatica a uscire con gli altri.",
  therapy_goals: ["Altro"],
  therapy_goals_other: "Sentirmi meno sola",
  previous_therapy: "No, mai",
  comfort_level: "Abbastanza a mio agio",
  time_preference: "Sera",
  flexibility: ["Abbastanza flessibile"],
  flexibility_other: "",
  source_discovery: "Instagram",
  newsletter_subscription: "no",
  privacy_consent: true,
};
