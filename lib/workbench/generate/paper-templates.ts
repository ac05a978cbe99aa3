// The paper's 69 task templates (the official files' `base_template`, in their order) and the generator's
// templates that cover each, as docs/generated-workplaces.md tabulates them ("The paper's 69 templates and
// ours", same order; paper-templates.test.ts checks the two agree). The generalisation view groups official
// tasks by `paper` and generated tasks by their template id (`chosen_template`) through this table.
import type { Domain } from "../datasets/types";

export interface PaperTemplate {
  /** Row number in the docs' table, 1 to 69. */
  readonly row: number;
  readonly domain: Domain;
  /** The base_template text of the official task files, verbatim. */
  readonly paper: string;
  /** Ids of the generator's templates that cover it (TEMPLATES). */
  readonly ours: readonly string[];
}

export const PAPER_TEMPLATES: readonly PaperTemplate[] = [
  { row: 1, domain: "analytics", ours: ["analytics.plot-since"], paper: "Can you make a {plot_type} chart of {natural_language_metric} since {natural_language_date}?" },
  { row: 2, domain: "analytics", ours: ["analytics.plot-range"], paper: "Plot the distribution of {natural_language_metric} on {natural_language_date}" },
  { row: 3, domain: "analytics", ours: ["analytics.plot-two-values"], paper: "Can you plot the distribution of both {natural_language_metric} and {natural_language_metric_2} between {natural_language_date} and {natural_language_date_max}??" },
  { row: 4, domain: "analytics", ours: ["analytics.threshold-since"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date}, make a line plot of it since then" },
  { row: 5, domain: "analytics", ours: ["analytics.plot-two-values"], paper: "Make bar charts showing {natural_language_metric} and {natural_language_metric_2} since {date_min}" },
  { row: 6, domain: "analytics", ours: ["analytics.threshold-last-weeks"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} any time in the last {past_n_weeks} weeks, make a line plot of it since then" },
  { row: 7, domain: "analytics", ours: ["analytics.growth-vs-weekday", "analytics.engagement-drop"], paper: "If {natural_language_metric} is more than {natural_language_growth_threshold} {higher_or_lower} than {natural_language_date}, make a line plot of it since then" },
  { row: 8, domain: "analytics", ours: ["analytics.growth-vs-weekday"], paper: "If {natural_language_metric} is more than {natural_language_growth_threshold} {higher_or_lower} than it was on {day_of_week}, make a line plot of it since then" },
  { row: 9, domain: "analytics", ours: ["analytics.growth-vs-weekday"], paper: "If {natural_language_metric} on {day_of_week} was more than {natural_language_growth_threshold} {higher_or_lower} than it was the previous {day_of_week}, make a line plot of it over that period." },
  { row: 10, domain: "analytics", ours: ["analytics.growth-vs-weekday"], paper: "Can you check the percent growth of {natural_language_metric} since {day_of_week}? If it grew by more than {natural_language_metric_2}, plot both lines since then" },
  { row: 11, domain: "analytics", ours: ["analytics.weakest-source"], paper: "Can you make a line plot of the {most_or_least} popular traffic source since {natural_language_date}?" },
  { row: 12, domain: "analytics", ours: ["analytics.source-vs-source"], paper: "If we got more traffic from {traffic_source_1} than {traffic_source_2} during the last {n_weeks} weeks, make bar charts of both over that period" },
  { row: 13, domain: "calendar", ours: ["calendar.cancel-first-on-day"], paper: "Cancel my first meeting on {natural_language_date}" },
  { row: 14, domain: "calendar", ours: ["calendar.rename-last-on-day"], paper: "Change the name of the last event on {natural_language_date} to {event_name}" },
  { row: 15, domain: "calendar", ours: ["calendar.push-back"], paper: "Push back my first meeting with {name} on {natural_language_date} by {duration}s" },
  { row: 16, domain: "calendar", ours: ["calendar.cancel-next-with"], paper: "Cancel the next {event_name} meeting" },
  { row: 17, domain: "calendar", ours: ["calendar.rename-meeting"], paper: "Rename the next {event_name} meeting to {new_event_name}" },
  { row: 18, domain: "calendar", ours: ["calendar.cancel-next-with"], paper: "Cancel my next meeting with {name}" },
  { row: 19, domain: "calendar", ours: ["calendar.catch-up-if-not-met"], paper: "If I haven't met with {name} in the last {duration} days, schedule a 30-minute meeting called 'catch-up' for my first free slot from tomorrow" },
  { row: 20, domain: "calendar", ours: ["calendar.cancel-before-after"], paper: "Cancel my meetings on {next_day} {before_or_after} {natural_language_time}" },
  { row: 21, domain: "calendar", ours: ["calendar.cancel-future-with"], paper: "Cancel all future meetings with {name}" },
  { row: 22, domain: "calendar", ours: ["calendar.clear-week-with"], paper: "Cancel future {event_name} meetings" },
  { row: 23, domain: "calendar", ours: ["calendar.book-at"], paper: "Create a {duration} event called {event_name} on {natural_language_date} at {natural_language_time} with {name}" },
  { row: 24, domain: "customer_relationship_manager", ours: ["crm.set-status"], paper: "Update the status of {current_customer_name} to {new_status_natural_language} in the crm" },
  { row: 25, domain: "customer_relationship_manager", ours: ["crm.delete"], paper: "Delete {current_customer_name} from the crm" },
  { row: 26, domain: "customer_relationship_manager", ours: ["crm.add-lead"], paper: "Add {new_customer_name} as a new lead in the crm and assign them to {assigned_to_first_name}" },
  { row: 27, domain: "customer_relationship_manager", ours: ["crm.reassign"], paper: "Reassign {current_customer_name} to {assigned_to_first_name} in the crm" },
  { row: 28, domain: "customer_relationship_manager", ours: ["crm.bulk-reassign"], paper: "Reassign all of {assigned_to_first_name}'s leads that are interested in {natural_language_product_interest} to {new_assigned_to_first_name} in the crm." },
  { row: 29, domain: "customer_relationship_manager", ours: ["crm.bulk-reassign"], paper: "Give {new_assigned_to_first_name} all of {assigned_to_first_name}'s customers that are interested in {natural_language_product_interest} and are either qualified or in proposal in the crm" },
  { row: 30, domain: "customer_relationship_manager", ours: ["crm.purge-lost"], paper: "Delete all of {assigned_to_first_name}'s customers that are in the {new_status_natural_language} stage and interested in {natural_language_product_interest} in the crm" },
  { row: 31, domain: "customer_relationship_manager", ours: ["crm.lose-if-stale"], paper: "Move all customers that haven't responded to a proposal for the {natural_language_product_interest} product in {weeks} weeks to lost in the crm" },
  { row: 32, domain: "email", ours: ["email.delete-latest-with"], paper: "Delete my last email from {name}" },
  { row: 33, domain: "email", ours: ["email.delete-from-on-day"], paper: "Delete all my emails from {name} from the last {days} days" },
  { row: 34, domain: "email", ours: ["email.send-new"], paper: "Send an email to {name} saying '{body}' and title it '{subject}'" },
  { row: 35, domain: "email", ours: ["multi.reply-and-review"], paper: "Reply to {name}'s last email about '{subject}' with 'Thanks for the update - I will get back to you tomorrow.'" },
  { row: 36, domain: "email", ours: ["email.forward-all-about"], paper: "Forward all the emails from {name} last week about '{subject}' to {recipient_name}" },
  { row: 37, domain: "email", ours: ["email.forward-about-task"], paper: "Forward the latest email about '{subject}' to {recipient_name}" },
  { row: 38, domain: "email", ours: ["email.forward-latest-from"], paper: "Forward my most recent email from {sender_name} to {recipient_name}" },
  { row: 39, domain: "email", ours: ["email.forward-to-two"], paper: "Forward the last email about '{subject}' to {recipient_name1} and {recipient_name2}" },
  { row: 40, domain: "email", ours: ["email.reply-latest-from"], paper: "Reply to the latest email from {sender_name} with 'Got it, thank you!'" },
  { row: 41, domain: "project_management", ours: ["project.finish-reviews"], paper: "Move all of {name}'s tasks that are in progress to in review" },
  { row: 42, domain: "project_management", ours: ["project.create"], paper: "Add a new task to the {board} backlog called {task_name} and assign it to {name}. It's due on {natural_language_due_date}." },
  { row: 43, domain: "project_management", ours: ["project.overdue-backlog-to-progress"], paper: "Move all of {name}'s overdue tasks in the backlog to in progress" },
  { row: 44, domain: "project_management", ours: ["project.finish-reviews"], paper: "Move any of {name}'s tasks that are in review to completed" },
  { row: 45, domain: "project_management", ours: ["project.handover"], paper: "{name_1} is sick so reassign their in progress tasks to {name_2}." },
  { row: 46, domain: "project_management", ours: ["project.vacation-to-backlog"], paper: "{name_1} is on vacation now so move all their unfinished tasks to the backlog." },
  { row: 47, domain: "project_management", ours: ["project.overdue-backlog-to-progress"], paper: "Give all the overdue tasks that {name_1} hasn't started to {name_2}." },
  { row: 48, domain: "project_management", ours: ["project.most-urgent-to"], paper: "Take {name_1}'s most urgent task and reassign it to {name_2}." },
  { row: 49, domain: "multi_domain", ours: ["multi.stale-customer-meeting"], paper: "If we haven't spoke to {current_customer_name} in the past fortnight book a 30-minute meeting with whoever is assigned to them called 'Update on {current_customer_name}' at the first time I'm free tomorrow" },
  { row: 50, domain: "multi_domain", ours: ["multi.lead-to-fewest-overdue"], paper: " Add {new_customer_name} as a new lead in the crm and assign them to the person with the fewest overdue tasks" },
  { row: 51, domain: "multi_domain", ours: ["multi.email-to-meeting"], paper: "Find the email from {natural_language_email_date} about {subject} and schedule a {natural_language_duration} meeting called '{subject}' at {natural_language_time} with the sender for {natural_language_event_date}." },
  { row: 52, domain: "multi_domain", ours: ["multi.email-first-event-attendee"], paper: "Send an email to attendees of the first event on {natural_language_event_date}. Title it with the event name and tell them 'Remember to attend this event.'" },
  { row: 53, domain: "multi_domain", ours: ["email.nudge-if-silent"], paper: "If {sender_name} hasn't sent me any emails in the past {days} days, schedule a 30 minute meeting with them for {day_of_week} at {natural_language_time} called 'Catch up with {sender_name}'" },
  { row: 54, domain: "multi_domain", ours: ["calendar.catch-up-if-not-met"], paper: "If I haven't met with {name} in the past {days} days, send them an email titled 'Catch up soon?' saying 'We haven't caught up in a while - can you send some availability over next week?'" },
  { row: 55, domain: "multi_domain", ours: ["multi.no-meetings-ahead-email"], paper: "If I don't have any meetings scheduled with {name} in the next {days} days, send them an email titled 'Catch up soon?' saying 'We have not caught up in a while - can you send some availability over next week?'" },
  { row: 56, domain: "multi_domain", ours: ["multi.deadline-check"], paper: "If {name} has any overdue tasks, send them an email titled 'Overdue tasks' saying 'You have a few overdue tasks - can you update me on them?'. Otherwise email them with 'Nice work keeping on top of your tasks this sprint!' titled 'Good work this sprint'" },
  { row: 57, domain: "multi_domain", ours: ["multi.deadline-check"], paper: "Book a half-hour meeting with {name} called 'Catch up on overdue tasks' at the earliest time I'm free tomorrowif they have any overdue tasks" },
  { row: 58, domain: "multi_domain", ours: ["multi.engagement-alert"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} send an email to {sender} titled 'Update on {natural_language_metric}' saying 'I noticed {natural_language_metric} was {more_or_less} than {threshold} - can you update me?'" },
  { row: 59, domain: "multi_domain", ours: ["multi.metric-meeting"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} schedule a half-hour meeting called 'Discuss {natural_language_metric}' with {sender_name} at the earliest time I'm free tomorrow" },
  { row: 60, domain: "multi_domain", ours: ["multi.metric-task-else-email"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} make a backlog task called 'Improve {natural_language_metric}' for {name} on the front-end board with a deadline of next Friday" },
  { row: 61, domain: "multi_domain", ours: ["multi.metric-task-most-completed"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} make a backlog task called 'Improve {natural_language_metric}' on the front-end board with a deadline of next Friday for the person with the most completed front end tasks" },
  { row: 62, domain: "multi_domain", ours: ["analytics.growth-vs-weekday"], paper: "Check the percent growth of {natural_language_metric} since {day_of_week} and if was more than {natural_language_metric_2} make a backlog task called 'Improve {natural_language_metric_2}' for {name} on the front-end board with a deadline of next Friday" },
  { row: 63, domain: "multi_domain", ours: ["crm.purge-lost"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} delete all {assigned_to_first_name}'s leads in the CRM" },
  { row: 64, domain: "multi_domain", ours: ["multi.deadline-check"], paper: "If {name} has any overdue tasks, book a half hour meeting with them called 'Catch up on overdue tasks' at the earliest time I'm free tomorrow and send them an email titled 'Discuss overdue tasks' saying 'I noticed you have a few overdue tasks - let's catch up tomorrow.' Otherwise email them with 'Nice work keeping on top of your tasks this sprint!' titled 'Good work this sprint'" },
  { row: 65, domain: "multi_domain", ours: ["multi.metric-task-else-email"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} make a backlog task 'Improve {natural_language_metric}' for {name} on the front-end board with a deadline of next Friday otherwise send them an email titled 'Recent {natural_language_metric}' saying 'I noticed {natural_language_metric} has been stable, nice work!' " },
  { row: 66, domain: "multi_domain", ours: ["multi.metric-meeting"], paper: "Check the percent growth of {natural_language_metric} since {day_of_week} and if was more than {natural_language_metric_2} make a backlog task called 'Improve {natural_language_metric_2}' for {name} on the front-end board with a deadline of next Friday. Also schedule a half-hour meeting called 'Discuss {natural_language_metric}' with them at the first time I can do tomorrow" },
  { row: 67, domain: "multi_domain", ours: ["multi.metric-drop-leads"], paper: "If {natural_language_metric} was more than {threshold} at any time since {natural_language_date} delete {assigned_to_first_name}'s new leads in the CRM and send them an email titled 'Reprioritising'saying '{natural_language_metric} looks good, so we no longer need you finding new leads'.If not say in the email 'We need you to improve {natural_language_metric} - TBD.'" },
  { row: 68, domain: "multi_domain", ours: ["multi.metric-task-else-email"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} make a backlog task 'Improve {natural_language_metric}' for {name} on the front-end board with a deadline of next Friday and schedule a half-hour meeting called 'Discuss {natural_language_metric}' for us at the first time I can do tomorrow otherwise send them an email titled '{natural_language_metric}' saying 'I noticed {natural_language_metric} has been stable, nice work!''" },
  { row: 69, domain: "multi_domain", ours: ["multi.metric-plan-else-leads"], paper: "If {natural_language_metric} was {more_or_less} than {threshold} at any time since {natural_language_date} make a backlog task called 'Improve {natural_language_metric}' for {name} on the front-end board with a deadline of next Friday and book a half-hour meeting for us called 'Discuss {natural_language_metric}' at the earliest time I'm free tomorrow. otherwise send them an email titled 'New leads for you' saying '{natural_language_metric} looks good, so there are new leads for you' and then give them all {assigned_to_first_name}'s leads in the CRM" },
];
