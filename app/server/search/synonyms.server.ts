/**
 * Words and phrases that mean the same thing to a person searching the catalogue (decision 155): a
 * query holding one of a group's entries also matches the others. Kept small and reviewed: each group
 * is a real way people ask for the same tools, and none joins words that merely co-occur. Entries are
 * lower case; a multi-word entry matches as a phrase, its stop words as gaps.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["tts", "text to speech", "speech synthesis", "voiceover", "voice generator"],
  ["stt", "speech to text", "transcribe", "transcription", "transcript", "transcripts"],
  ["llm", "llms", "language model", "language models", "large language model"],
  ["photo", "photos", "image", "images", "picture", "pictures"],
  ["ide", "code editor"],
  ["music", "song", "songs"],
  ["chatbot", "chatbots", "chat assistant", "conversational assistant", "ai assistant"],
  ["coding", "code", "programming"],
  ["email", "emails", "e-mail"],
  ["grammar", "proofreading", "spelling"],
  ["translate", "translation", "dubbing"],
  ["avatar", "avatars", "digital presenter"],
  ["budgeting", "budget", "personal finance", "spending"],
  ["mental health", "therapy", "wellbeing", "emotional support"],
  ["symptom", "symptoms", "symptom checker"],
  ["tutor", "tutoring", "teacher", "homework help"],
  ["flashcards", "flashcard", "study sets"],
  ["automate", "automation", "workflow", "workflows"],
  ["social media", "social posts"],
  ["meeting notes", "meeting summaries", "note taker", "notetaker"],
  ["sales calls", "sales conversations", "revenue intelligence"],
  ["customer support", "customer service", "help desk"],
  ["marketing copy", "copywriting", "ad copy"],
  ["web search", "search the web", "answer engine"],
  ["text adventure", "interactive fiction", "story game"],
  ["clinical notes", "medical documentation", "medical scribe"],
  ["financial research", "market intelligence", "investment research"],
  ["video generator", "video generation", "text to video"],
  ["image generator", "image generation", "text to image", "art generator"],
  ["learn a language", "language learning"],
  ["edit a podcast", "podcast editing", "audio editing"],
];
