// Third phrasings written for Studio. WorkBench gives 66 of its 69 templates three phrasings; of the other
// three, one has its base template as a third wording (the base is not among the phrasings its tasks
// used), and these two get one written here in the style of the others. Each keeps every slot and every
// literal the ground truth depends on (the reply's exact body, the lists' names), so the task's answer is
// unchanged. Results on them are marked as on a wording WorkBench did not write.
export const WRITTEN_HERE_PHRASINGS: Readonly<Record<string, string>> = {
  "Reply to {name}'s last email about '{subject}' with 'Thanks for the update - I will get back to you tomorrow.'":
    "Can you find {name}'s last email about '{subject}' and reply with 'Thanks for the update - I will get back to you tomorrow.'?",
  "Move all of {name}'s tasks that are in progress to in review":
    "{name}'s tasks that are in progress are ready for review. Please move them all to in review",
};
