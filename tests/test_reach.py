"""Prompts a linter of SDK call shapes never sees (issue 19): the project's own client,
HTTP posts, agent middleware, prompt text with no sink in view, message objects, prompt-ish
keywords into code not in view (tests/reach), and one fixture per library model in that
library's documented style (tests/models). Findings and what sends each prompt are pinned."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prefixlint import api
from prefixlint.models import builtin_models

from conftest import run_cli

HERE = Path(__file__).parent
REACH = HERE / "reach"
MODELS = HERE / "models"

REACH_FINDINGS = [
    ("PFX001", "a_own_client.py", 6, 38),      # A: the f-string passed to the project's client
    ("PFX006", "agents/prompts/planner.md", 9, 15),  # folder via a helper; [system] + history
    ("PFX001", "backends/base.py", 18, 84),    # abstract message methods, a backend's own
    ("PFX004", "bot_config.yaml", 4, 17),      # a system prompt in a YAML configuration
    ("PFX001", "bot_config.yaml", 4, 39),
    ("PFX005", "c_prompt_text.py", 6, 2),      # C: a returned f-string, the essay on top
    ("PFX001", "c_prompt_text.py", 13, 33),    # C: LOAN_TEMPLATE measured alone
    ("PFX001", "c_prompt_text.py", 13, 58),
    ("PFX001", "characters/night_ranger.txt", 4, 7),  # a .txt prompt whose code is not in view
    ("PFX005", "crew/config/tasks.yaml", 3, 31),  # a CrewAI task filled by kickoff(inputs=)
    ("PFX006", "e_middleware.py", 11, 40),     # E: @dynamic_prompt, then the loop's history
    ("PFX007", "g_kept_bot.py", 19, 45),       # G: a clock read once per kept object (info)
    ("PFX004", "i_inferred.py", 12, 35),       # the day and the user side by side: both
    ("PFX002", "i_inferred.py", 12, 74),       # a keyword into a library not in view
    ("PFX001", "j_message_objects.py", 13, 51),  # Message(role=..., content=...) objects
    ("PFX001", "l_client_of_client.py", 7, 24),  # two clients deep: handle -> reply -> complete
    ("PFX001", "l_client_of_client.py", 7, 53),
    ("PFX006", "m_values_at_the_end.py", 28, 26),  # the policy after the values: reported
    ("PFX003", "m_values_at_the_end.py", 28, 49),
    ("PFX003", "n_enumerate.py", 12, 28),  # enumerate(history)'s items are the history
    ("PFX004", "o_joined_parts.py", 7, 75),  # a returned join of parts, no sink in view
    ("PFX001", "p_filled_template.py", 9, 76),  # {body} takes the scope chain.invoke passes
    ("PFX005", "prompts/optimizer.md", 2, 26),  # filled by str.replace in k_replace.py
    ("PFX005", "prompts/optimizer.md", 2, 37),
    ("PFX001", "prompts/research_step.txt", 3, 20),  # read at import, .replace, tools=None
    ("PFX001", "prompts/sql_task.md", 2, 35),  # read from a parameter's default file name
    ("PFX006", "r_replayed_turns.py", 20, 52),  # stored turns built in reverse, then flipped
    ("PFX001", "rag/advisor.py", 2, 1),        # B: passages retrieved for the question, over HTTP
    ("PFX006", "s_settings_file/settings.yaml", 4, 9),  # a settings file's prompt, read in code
    ("PFX002", "s_settings_file/settings.yaml", 12, 41),  # its other prompt, measured alone
    ("PFX006", "settings_app/prompts.py", 4, 1),  # F: a field default read through settings
    ("PFX001", "t_service_settings.json", 7, 98),  # prompts in a service's JSON settings
    ("PFX001", "templates/reviewer/review.prompt", 3, 1),  # D: a project loader's template (a diff)
    ("PFX005", "u_review_settings.toml", 4, 63),  # a TOML prompt that quotes a class
    ("PFX001", "v_format_escapes.py", 22, 18),  # literals and f-strings of constants, joined
    ("PFX001", "x_phased_agent/research.py", 35, 59),  # an agent's step prompt, clients deep
    ("PFX001", "y_default_prompt.py", 20, 47),  # the default when no prompt was chosen
    ("PFX001", "z_passages_last.py", 12, 1),   # passages above the policy in the system message
    ("PFX001", "za_tool_spec.py", 26, 42),     # the schema of a tool the request chooses
    ("PFX001", "zab_backends/planner.py", 5, 11),  # one backend of several, provider unknown
    ("PFX003", "zac_chinese/summarize_chat.prompt", 2, 1),  # a prompt file in Chinese
    ("PFX006", "zad_kept_turns.py", 15, 1),  # excerpts, then the turns a loop keeps
    ("PFX003", "zae_compaction/compact.py", 20, 12),  # unpacked history, then instructions
    ("PFX001", "zaf_cast_backend/triage.py", 16, 45),  # cast(list[Message], messages)
    ("PFX005", "zag_message_thread/thread.py", 12, 58),  # a thread object's methods
    ("PFX005", "zah_prompt_parts/parts/review_task.txt", 3, 1),  # files joined in a loop
    ("PFX004", "zaj_registered_templates.py", 24, 21),  # a keyword of a project class
    # a constant filled by keyword in another module with a title and a clock (only labels
    # around them): reported at the constant's placeholder, where the fix is made
    ("PFX001", "zak_filled_elsewhere/review_prompts.py", 4, 1),
    ("PFX001", "zal_agent_steps/planner.py", 12, 2),  # a command's output, in two agents'
    ("PFX001", "zal_agent_steps/planner.py", 29, 2),  # steps: where each puts it
    ("PFX002", "zam_reexported/writers/story.py", 11, 58),  # a class a package re-exports
    ("PFX002", "zan_message_files/coach.yaml", 5, 17),  # a chat written out as messages
    ("PFX004", "zan_message_files/triage.json", 4, 75),  # (YAML, and JSON)
    ("PFX005", "zao_gemini_audio/transcribe.py", 17, 22),  # audio parts before the rules
    ("PFX001", "zap_positional_chat/grade.py", 11, 92),  # a chat passed alone, by position,
    # with enum roles and appends; a transcript of the answers graded is the request's
    ("PFX001", "zap_positional_chat/grade.py", 14, 56),
    ("PFX001", "zar_example_call_ids.py", 31, 27),  # a new id for each few-shot tool call
    ("PFX001", "zas_template_default/texts.py", 14, 48),  # a parameter's default template
    ("PFX005", "zat_chat_object/outline.py", 9, 30),  # a chat of (role, text) pairs that a
    ("PFX001", "zat_chat_object/outline.py", 11, 1),  # project object holds
    ("PFX001", "zau_inline_render.py", 10, 27),  # scoped by the render call's values
    ("PFX003", "zax_none_history.py", 34, 24),  # a conversation given; None gives none
    ("PFX001", "zay_param_rebuilt.py", 25, 61),  # the caller's turn, then the helper's rules
    ("PFX002", "zay_param_rebuilt.py", 37, 35),  # shortened only when too long: as written
    ("PFX005", "zaz_mustache_keyword.py", 12, 50),  # `{{name}}` fields of a template that
    ("PFX001", "zaz_mustache_keyword.py", 14, 1),  # code not in view fills
    ("PFX005", "zaza_keyed_prompts.py", 18, 60),  # PROMPTS.get(kind, ...): the richest entry
    ("PFX005", "zazc_joined_template/letters.py", 11, 1),  # a template joined with `+` to
    ("PFX005", "zazc_joined_template/letters.py", 14, 1),  # another module's layout
    ("PFX002", "zaze_retried_client/support.py", 14, 45),  # a client whose call is retried
    ("PFX002", "zaze_retried_client/support.py", 18, 45),  # and a router's inner function
    ("PFX004", "zazf_prompt_attributes/prompts.yaml", 4, 12),  # prompts set as attributes
    ("PFX001", "zazg_package_prompts/helpdesk/prompts/lookup.txt", 1, 16),  # a package's file
    ("PFX004", "zazi_plugin_spec.py", 18, 44),  # a date in a plugin's tool spec
    # a base class renders the template its subclass names (`template_path = "triage.j2"`)
    ("PFX001", "zazj_prompt_classes/support/prompts/templates/triage.j2", 1, 10),
    ("PFX006", "zazn_marked_slots/prompts/navigator.prompt", 4, 1),  # a `<$slot$>`
    ("PFX001", "zazp_template_method.py", 16, 75),  # `${question}` a method returns
    # a loader that cuts a scheme off the name (`ref[len("bundled://"):]`) reads its folder
    ("PFX003", "zazr_scheme_loader/handoff/desk.py", 11, 16),
    # a docstring that `@outlines.prompt` renders: the weeks and the changes come first
    ("PFX005", "zazt_docstring_prompts/release_notes.py", 7, 45),
    ("PFX005", "zazt_docstring_prompts/release_notes.py", 10, 5),
    ("PFX003", "zazu_keyed_texts/desk/texts.json", 4, 63),  # looked up by key in summary.py
    ("PFX005", "zazv_regex_slots.py", 7, 52),  # `re.sub(r"<task>", task, TEMPLATE)` fills a
    ("PFX005", "zazv_regex_slots.py", 8, 23),  # slot as `.replace` does
    # a window's first line, taken from the model's last reply at the end of the loop body,
    # reported at the rules' placeholder it fills
    ("PFX005", "zazx_window_cursor.py", 10, 34),
    # a chat appended to an empty list and passed to a client not in view
    ("PFX005", "zazy_appended_chat.py", 17, 60),
    ("PFX005", "zazy_appended_chat.py", 17, 80),
    ("PFX002", "zazz_object_names.py", 11, 25),  # a customer's name; a model card's is fixed
    # the diff opens a system prompt sent through a client whose class a setting picks
    ("PFX001", "zba_graded_client/review.py", 12, 42),
    # today's date before the examples a library function writes out of constants
    ("PFX004", "zbb_constant_examples.py", 25, 18),
    # a script's pass over its rows sends a request each: the row's question is per request
    ("PFX001", "zbd_script_passes.py", 15, 1),
    # a chat loop at module level: what a pass looks up for the question opens the system
    ("PFX005", "zbe_chat_loop.py", 19, 37),
    # the time a decorated function is called with, first in the messages its decorator has
    ("PFX001", "zbf_decorated_chat/texts.py", 14, 27),
    # the question before the database's tables, measured at a schema's length
    ("PFX001", "zbg_schema_sample.py", 11, 29),
    # the SDK before 1.0: `openai.ChatCompletion.create`, the question above the policy
    ("PFX001", "zbi_legacy_sdk.py", 22, 53),
    # a function kept on a registry by its decorator, called through the registry
    ("PFX001", "zbj_registry.py", 27, 43),
    # an entry of the body a web handler reads, whatever the key is called
    ("PFX001", "zbk_flask_handler.py", 22, 56),
    # prompt text held by the project's prompt class, `TextPrompt("...")`, measured alone
    ("PFX002", "zbm_prompt_class.py", 9, 86),
    ("PFX005", "zbm_prompt_class.py", 10, 31),
    # (zbn: a tool list kept on the object, `None` until fetched: the service's tools)
    # a date put in by a helper where the prompt's tag stands, when the text holds the tag
    ("PFX004", "zbo_date_tag/texts.py", 1, 13),
    # the second of two templates one function makes for its caller: a prompt of its own
    ("PFX001", "zbp_two_templates/synth.py", 14, 16),
    ("PFX005", "zbp_two_templates/synth.py", 15, 20),
    ("PFX005", "zbp_two_templates/synth.py", 16, 6),
    # message objects written out one by one by the client: the conversation comes first
    ("PFX003", "zbq_message_objects/digest.py", 12, 27),
    # a field of an item of a list passed in, whatever its name: as volatile as the list
    ("PFX005", "zbs_item_fields.py", 11, 18),  # (the loop over the list that holds it)
    # instructions a loader reads from a `builtin://` file, appended after the history
    ("PFX003", "zbt_prompt_loader/compact.py", 11, 34),
    # facts an object is made with, joined above the rules: not the code's constants
    ("PFX005", "zbw_card_lines.py", 12, 66),
    # text a dict named as settings holds at a key path only a settings file spells
    ("PFX001", "zbx_configured_dict/answer.py", 12, 32),
    # a template formatted and sent by `llm.predict` of a model object passed in
    ("PFX001", "zby_llm_parameter.py", 5, 1),
    # prompt text an object sets on itself in its constructor, formatted by another method
    ("PFX001", "zbz_instance_prompt.py", 17, 9),
    ("PFX005", "zc_prompt_table/prompts.py", 8, 1),  # TABLE["key"] = ..., read in another module
    ("PFX005", "zc_prompt_table/prompts.py", 15, 37),  # an entry of a dict literal, measured alone
    # a client posting its caller's keywords as the body; rules added to the last message
    ("PFX001", "zca_keyword_client/grader.py", 13, 47),
    # [SLOTS] a helper replaces in a loop over the dict its caller passes
    ("PFX005", "zcb_replace_loop.py", 4, 47),
    ("PFX001", "zcb_replace_loop.py", 6, 1),
    # prompts appended in a loop, sent by a client's threads (Thread(target=..., args=...))
    ("PFX005", "zcc_threaded_client/checker.py", 13, 40),
    ("PFX005", "zcc_threaded_client/checker.py", 13, 60),
    # a loop that assigns its template in both arms of an `if`, then fills it: read afresh
    ("PFX001", "zcd_script_loop.py", 17, 8),
    # a client's messages made only from what the caller passed (the rest left at None)
    ("PFX005", "zce_default_none/app.py", 11, 64),
    # a rubric a helper returns with its criteria, posted as JSON text by a client whose
    # nested helper wraps a bare text (`if isinstance(messages, str)`)
    ("PFX001", "zcf_rubric_judge.py", 11, 52),
    # the last message of a list a prompter's method returns, for a chat loop not in view
    ("PFX005", "zcg_prompter_methods.py", 16, 54),
    # Jinja parts joined with `+` into a prompt named for its action, rendered elsewhere
    ("PFX005", "zch_jinja_parts.py", 9, 9),
    ("PFX005", "zch_jinja_parts.py", 9, 24),
    ("PFX005", "zch_jinja_parts.py", 9, 46),
    ("PFX005", "zch_jinja_parts.py", 9, 68),
    # a marker constant put into an f-string, replaced by the code that sends the text
    ("PFX004", "zci_marker_constants.py", 8, 10),
    # a form spec from the settings, described by a helper that calls itself (deploy), before
    # the customer's name; the messages sent by another method through a retry wrapper
    ("PFX002", "zcj_recursive_describer.py", 37, 35),
    # a game's `.template` prompts with `$SLOT$` markers that code replaces: the map before
    # the guide's rules (the seeker's slot comes last)
    ("PFX005", "zck_game_prompts/guide.template", 4, 1),
    ("PFX005", "zck_game_prompts/guide.template", 6, 54),
    # a JSON template written as a list of its lines: the tables before the query's rules
    ("PFX005", "zcl_sql_prompt.json", 6, 6),
    ("PFX005", "zcl_sql_prompt.json", 7, 10),
    # a judge's prompts in JSON Lines, their `defaults` filling the constant fields: the
    # record that puts the scoring rules after the answer
    ("PFX001", "zcm_judge_prompts.jsonl", 2, 149),
    # a backend object from a namespace package's module, whose `ask` passes its messages on
    # to `send`, which reshapes each before the SDK client a factory method made sends them
    ("PFX005", "zcn_namespace_clients/vision/describe.py", 26, 32),
    ("PFX005", "zcn_namespace_clients/vision/describe.py", 26, 72),
    # messages a client copies without its bookkeeping keys; a rules part held in a name
    ("PFX001", "zco_part_blocks.py", 41, 78),
    # a settings file's table of prompts: each value its own prompt (only the title's rules
    # follow its document)
    ("PFX001", "zcp_prompt_table.yaml", 26, 5),
    # judge prompts written in ChatML: the user message's closing question is a short tail
    # (pick_better.txt), the grading rules after the answer are not
    ("PFX001", "zcq_chatml_judges/grade_answer.txt", 6, 1),
    ("PFX005", "zcq_chatml_judges/grade_answer.txt", 9, 1),
    # a sentence and a tool added under an `if` on the user (the tools go first), not a turn
    # a loop keeps nor a message added when its text is given
    ("PFX002", "zcr_conditional_parts.py", 29, 8),
    # an agent's memory: a method adds the task (the ticket before the rules) and the base
    # class sends the memory through a backend a factory picks by configuration
    ("PFX005", "zcs_agent_memory/agents.py", 30, 43),
    ("PFX003", "zcs_agent_memory/agents.py", 31, 16),
    # a photo sent before the instructions a class holds (loaded from the package's files,
    # read through a property); a clip sent after its rules
    ("PFX005", "zct_media_first/scanner/reader.py", 30, 23),
    # templates in the package's folder unless settings name another, rendered with one
    # mapping of settings and the string (last); the review puts the string before its rules
    ("PFX005", "zcu_locale_loader/locale_bot/translator.py", 38, 54),
    ("PFX005", "zcu_locale_loader/locale_bot/translator.py", 38, 77),
    # a template read once from the package's files (`.open()`), kept in a module cache, with
    # a fallback for an empty file: the tables before the rules; the agent's tools are the
    # project's functions and a tool built from them, the same on every request
    ("PFX005", "zcw_cached_templates/sqlbot/prompts/write_sql.md", 4, 1),
    # each file a loop reads from a folder is one request's document, before the rubric
    ("PFX001", "zcx_folder_judge/judge.py", 13, 71),
    # one of two whole prompts chosen per request (each its own prefix): the brief in it
    ("PFX005", "zcy_chosen_prompt/copy_prompts.py", 11, 1),
    # a Markdown prompt with `{{& example}}` (a tag only Mustache has) rendered by chevron:
    # the request before the rules, the example bound to a constant
    ("PFX001", "zcz_unescaped_md/prompts/extract.md", 4, 1),
    ("PFX005", "zcz_unescaped_md/validate.py", 9, 19),  # Mustache text in code, chevron
    ("PFX006", "zd_typed_receivers/desk.py", 22, 35),  # clock: "Clock", then clock.stamp()
    # the start time of a terminal chat program (input() in a loop): one run, one session
    ("PFX003", "zda_terminal_chat/persona.py", 8, 23),
    # a note read by the path a caller gives, before the rules (a rules file named as a
    # prompt is shipped text)
    ("PFX005", "zdb_note_reader/notes.py", 22, 2),
    # an object's system prompt replaced in one arm of an `if` on the ticket: one prompt or
    # the other, a branch before the house style (not both texts one after the other)
    ("PFX005", "zdc_reset_persona.py", 29, 12),
    # a ticket's fields under indented `{% if %}`s before the queue list: a variant without
    # an optional field keeps only the indentation of its line, not constant text
    ("PFX005", "zdd_indented_branches/prompts/classify.j2", 4, 12),
    ("PFX001", "zdd_indented_branches/prompts/classify.j2", 9, 3),
    # a prompt written as a lambda, called with keywords: the question at its top
    ("PFX001", "zde_lambda_prompt.py", 10, 88),
    ("PFX005", "zde_lambda_prompt.py", 11, 48),
    # a client defined inside the function that calls it: the caller's question first
    ("PFX001", "zdf_nested_client.py", 24, 67),
    # a receipt before an output parser's format instructions (a paragraph and a schema)
    ("PFX005", "zdh_parser_instructions.py", 19, 37),
    # a copy of the conversation is its messages: the question before the reminder, the
    # clock at the top of a deep-copied system message
    ("PFX001", "zdi_copied_history.py", 21, 48),
    ("PFX001", "zdi_copied_history.py", 30, 44),
    # passages a vector store finds for the question (`query_texts=[question]`), put by the
    # prompt's builder above its rules
    ("PFX001", "zdj_placed_context/search.py", 7, 20),
    # a loop over sources with a line inside that reads another value too: it moves with
    # the loop, and the rules after them are what moving gains
    ("PFX005", "zdk_loop_reader.py", 12, 25),
    ("PFX005", "zdk_loop_reader.py", 13, 27),
    ("PFX001", "zdk_loop_reader.py", 15, 24),
    # literals joined with an f-string line: the reader's level above the rules
    ("PFX005", "zdl_joined_fstring.py", 8, 36),
    ("PFX005", "zdm_annotated_local.py", 6, 65),  # `prompt: str = f"..."`, sent out of view
    # SystemMessagePromptTemplate.from_template(...) in a list: documents before the history
    ("PFX006", "zdn_message_templates.py", 14, 27),
    # a prompt file read from a folder per agent (`PROMPTS_DIR / agent / f"{kind}.md"`)
    ("PFX005", "zdo_prompt_folders/data/prompts/planner/system.md", 1, 62),
    # a chat written at the call of a model a project function made
    ("PFX005", "zdp_written_chat.py", 17, 55),
    # a method of an object the constructor was given, known by the parameter's annotation
    ("PFX005", "zdq_init_annotation.py", 17, 21),
    ("PFX005", "zdq_init_annotation.py", 20, 2),
    # a step imported under another name (`run as run_triage`) sends the prompt it is given
    ("PFX001", "zdr_aliased_step/prompts.py", 4, 10),
    # the context a helper adds only when it is given, and the caller gives it
    ("PFX006", "zds_given_context.py", 17, 58),
    # passages before a history a store's `load_messages(...)` reads
    ("PFX006", "zdt_read_history.py", 19, 85),
    # the Responses API's `input` given a constant whose tags `.replace` fills
    ("PFX005", "zdu_replaced_input/prompts.py", 1, 91),
    # what a model object called on its messages replies, before the writer's rules
    ("PFX001", "zdv_model_reply.py", 23, 52),
    # a system prompt written as a list of lines, the client that joins them not in view
    ("PFX005", "zdw_prompt_lines.py", 7, 68),
    # a file the run finds in a folder (`sorted(Path(d).glob("*.txt"))[-1]`) is its input
    ("PFX001", "zdx_listed_input.py", 14, 2),
    # a prompt file formatted with one of two files chosen per run: the choice, placed
    ("PFX005", "zdy_branch_insert/agent.py", 13, 8),
    # a text named through a star import (`from .texts import *`): its clock, read once
    ("PFX007", "zdz_star_import/texts.py", 5, 11),
    ("PFX001", "ze_template_in_code.py", 11, 39),  # from_string(TEXT).render(variables)
    # a prompt file a loader finds in its own folder when the name (a setting, else the
    # default) is not a path: named with the call that sends it
    ("PFX001", "zea_loader_fallback/prompts/grade.txt", 3, 11),
    # an object a Streamlit `cache_resource` factory keeps: its clock read once (info)
    ("PFX007", "zeb_cached_resource.py", 17, 42),
    # prompts a merged YAML document holds, its file named at run time: the day placed
    # first in one; the other's text is constant, whatever the variable is called
    ("PFX004", "zec_runtime_config/prompts.yaml", 8, 12),
    # numbered options a constructor writes are constant; numbered passages are not
    ("PFX001", "zee_enumerated_options.py", 33, 27),
    # a template's slot filled, then its blank lines tidied with `re.sub`
    ("PFX001", "zef_tidied_template/templates/commit.txt", 2, 1),
    # a client its package re-exports, sending a local it formats from its template
    ("PFX003", "zeg_reexported_client/judge.py", 12, 29),
    # a legacy chain (`LLMChain(prompt=...)`) run with the values: the clock's, not a name's
    ("PFX001", "zeh_legacy_chain.py", 7, 25),
    # a template file a cached helper compiles (`env.from_string(path.read_text())`)
    ("PFX001", "zei_helper_template/prompts/classify.j2", 1, 11),
    # queues written in the code, listed by the template: constant text after the question
    ("PFX001", "zej_template_data/prompts/route.j2", 1, 9),
    # `Agent[Any](...)`, a factory's tool and a library's constant preamble: only the day
    ("PFX004", "zek_generic_agent.py", 37, 34),
    # a loop's question, cleared in __init__ and set by the run, sent through a client whose
    # model is a typed parameter, as a Vertex AI text part
    ("PFX001", "zel_vertex_agent/react.txt", 1, 33),
    # `self.brain.think(messages)` on an abstract `Brain`: a brain's `think` (which hands the
    # messages to its model), never another class's method of that name
    ("PFX006", "zem_abstract_brain/companion.py", 22, 85),
    # actions that describe themselves in class methods, called on the classes of a list:
    # constant text (not a value named by a word of the class), so the question is the break
    ("PFX001", "zeo_class_actions.py", 14, 1),
    # prompts a deployment may replace (`os.getenv("X") or X`): the shipped text is sent
    ("PFX005", "zeq_environment_default.py", 11, 1),
    # the keys of a file named for prompts are prompts of their own, whatever their names:
    # the answer's values close its text; the router's question opens its own
    ("PFX001", "zes_prompt_file/prompts.yaml", 12, 13),
    # a table of names looked up by the learner's language: the entry varies as the key
    ("PFX002", "zet_names_table.py", 10, 58),
    # a prompt written with printf-style fields, filled with `%` and sent through a backend
    # not in view: the page's `%s` before the action reference (its summary's fields close it;
    # the percent signs of SQLite's date formats in a third are no fields)
    ("PFX005", "zeu_printf_prompts/prompts.py", 6, 1),
    # a task description written as an f-string that leaves `{topic}` for a crew to fill,
    # handed to the project's own task record: measured where it is written, whatever its name
    ("PFX005", "zew_task_description.py", 16, 41),
    # messages packed in a request record and handed to a runner whose backend is typed by a
    # Protocol: any class with that method answers (the tickets before the digest's rules)
    ("PFX005", "zex_request_record/digest.py", 20, 58),
    # a repair prompt built inside an `except` handler and sent from it: the bad reply
    # before the answer format
    ("PFX001", "zey_repair_prompt.py", 23, 71),
    # a table's steering text written on one line: "update a brief ... from them" is prose,
    # not SQL, so the text is a prompt and the call's title and date open it
    ("PFX005", "zez_one_line_templates.py", 7, 60),
    ("PFX004", "zez_one_line_templates.py", 7, 73),
    # settings.x.system as Jinja, with a deepcopy's values (the shift's start, passed to
    # __init__, is fixed for the dispatcher's lifetime)
    ("PFX001", "zf_settings_object/settings/prompts.toml", 3, 43),
    # a model's streamed reply gathered into a string and cut at a marker (`draft.rsplit(...)`)
    # varies with every request: quoted before the rubric, it breaks the grading prompt
    ("PFX001", "zfa_streamed_reply.py", 23, 31),
    # a file named for templates (`...SummaryTemplate.json`): each top-level value is a prompt
    # whatever its key; a CloudFormation stack beside it, whose inline Lambda code has
    # f-strings and comments that read like instructions, holds none
    ("PFX001", "zfb_summary_templates/NotesSummaryTemplate.json", 2, 70),
    # content parts a helper builds when photos are attached, picked by an `if` over a plain
    # text: the parts are read through the branch (the report before the rubric)
    ("PFX005", "zfd_image_variant.py", 22, 28),
    ("PFX005", "zfd_image_variant.py", 23, 12),
    # a FastAPI handler whose route is added elsewhere (a `Depends` parameter marks it): the
    # body it is called with is the request's, whatever it is called
    ("PFX001", "zfe_web_handler/coach.py", 13, 23),
    # a system prompt no constructor sets, built by the method that runs at start-up: the
    # question before it breaks its guide
    ("PFX001", "zff_setup_method.py", 22, 54),
    # a style's text whose marked slot `.replace` fills, no call in view: the extract first
    ("PFX005", "zfh_marked_extract.py", 8, 55),
    # a generative-agent prompt file: numbered `!<INPUT n>!` slots after its notes
    ("PFX005", "zfi_agent_prompts/templates/daily_plan.txt", 7, 1),
    # context gathered in deques by an async method: the time opens the system message
    ("PFX006", "zfj_deque_context.py", 19, 68),
    # a case made elsewhere: its input, not its class's `None` default, opens the judge's
    # prompt
    ("PFX001", "zfk_case_fields/judge.py", 15, 2),
    # a helper's local table of system prompts: the user's name first
    ("PFX002", "zfm_prompt_table_helper.py", 8, 43),
    # a prompt file that speaks to the model by saying what its output holds
    ("PFX005", "zfn_rewrite_prompt/data/soften.txt", 1, 24),
    # turns a loop appends from stored rows are a conversation: the documents before them
    # are prefilled again with it every turn
    ("PFX006", "zfo_loop_turns.py", 26, 39),
    # a helper's early returns under two `if`s: the clock's test, whichever `if` holds it
    ("PFX001", "zfr_stale_view.py", 25, 16),
    # prompt texts held by a settings object's nested defaults (`field(default_factory=
    # Prompts)`): the customer opens the task text
    ("PFX002", "zfs_nested_prompts/texts.py", 7, 30),
    ("PFX005", "zfs_nested_prompts/texts.py", 8, 1),
    # texts in a table of tables by the deployment's language, then a literal key (the
    # first table that has it): the product opens each
    ("PFX005", "zft_language_tables/texts_en.py", 5, 64),  # the English table's own
    ("PFX005", "zft_language_tables/texts_en.py", 11, 61),
    ("PFX005", "zft_language_tables/texts_fr.py", 5, 69),
    # an f-string given to a chat object's `append_system_message`, its sink not in view
    ("PFX005", "zfu_system_message_method.py", 18, 59),
    # of two whole prompts a helper returns by the hour, the richer: its question, not the
    # hour's test (and an optional clause under a flag of unknown scope is no branch)
    ("PFX005", "zfv_helper_returns.py", 19, 1),
    # a first message rewritten in place before the send (`messages[0]["content"] = ...`,
    # in the function or by a method it calls on `self`), and turns added by a helper
    # method: the member, then the clock (before a window of the last turns), open the
    # system message
    ("PFX002", "zfw_refreshed_system.py", 24, 54),
    ("PFX001", "zfw_refreshed_system.py", 34, 46),
    ("PFX002", "zfw_refreshed_system.py", 52, 40),
    # a stored row's column, read through the relationship its class declares, opens the
    # system message of a bot a factory makes afresh (its kept turns start empty)
    # the reach suite is one project: x_phased_agent's `self.llm.chat`, its object unknown,
    # is taken for a project client's own `chat`, here the bot's that keeps its turns first
    ("PFX003", "zfx_meeting_rows/bot.py", 9, 22),
    ("PFX001", "zfx_meeting_rows/minutes.py", 12, 25),
    # a command line's options are the run's settings, but its topic is what the run asks
    ("PFX001", "zfy_cli_topic.py", 26, 63),
    ("PFX005", "zg_image_parts.py", 18, 67),  # images appended before the instructions' part
    # a prompt file filled by `string.Template` (`$current_date`); prices, a shell's `$HOME`
    # and a schema's `"$ref"` in another file are no placeholders
    ("PFX004", "zgb_dollar_prompts/prompts/planner.md", 2, 17),
    # `max(1, min(week, 52))`: the request's week held within bounds, before the rules
    ("PFX001", "zgc_bounded_week.py", 15, 12),
    # a Streamlit script's typed topic, passed to the constructor of the object whose
    # method fills the template a settings class names
    ("PFX001", "zgd_streamlit_outline/outliner/prompts/outline.txt", 1, 22),
    # a project's model object called like a function (`llm(prompt)`, `self.model(...)`):
    # its `__call__` sends, with the caller's text first; the guide-first call is stable
    ("PFX001", "zgf_callable_model/writing/editor.py", 23, 38),
    ("PFX005", "zgf_callable_model/writing/grader.py", 17, 27),
    # numbered instructions with choices made in the text between them: instructions, no
    # labels of the request's values
    ("PFX001", "zgg_choice_in_instructions.py", 26, 2),
    # a model's reply fetched on a thread, before the reviewer's rules: the request's
    ("PFX001", "zgh_threaded_reply.py", 21, 50),
    # a wrapper handing its parameter to a chat model not in view as the one human message:
    # a client, its callers' text the prompt
    ("PFX002", "zgi_message_client/analyst.py", 18, 62),
    # a library's template object made from text with `${user_prompt}`, filled by
    # `.to_string(user_prompt=...)`
    ("PFX001", "zgk_template_object.py", 11, 10),
    # a client copying each message of the caller's list into the parts it joins, and of
    # the one text it makes a list (`Template(...).substitute(...)` is a text)
    ("PFX001", "zgl_copied_parts.py", 12, 33),
    ("PFX001", "zgl_copied_parts.py", 37, 29),
    ("PFX001", "zgm_async_reader/prompts/answer/user.md", 1, 11),  # read on a thread
    # a loader adding `.md` to a name given without it: known from the name the caller gives
    ("PFX001", "zgn_prompt_helper/assets/prompts/advisor.md", 1, 15),
    # a Responses call chained to the previous response: the turns the provider keeps come
    # before the instructions the input repeats every turn
    ("PFX003", "zgo_chained_responses.py", 22, 34),
    # a library call given `system=` and the chat written at the call: the conversation
    # before the planning instructions of the new message
    ("PFX003", "zgq_keyword_and_chat.py", 14, 21),
    # prompt files a dict collects from a folder by name (a comprehension over a glob, a
    # loader's loop over a listing), looked up by a literal key
    ("PFX004", "zgr_prompt_registry/briefs/shift.md", 1, 13),
    ("PFX001", "zgr_prompt_registry/prompts/triage.txt", 1, 31),
    # a prompt builder of another module given the user's name by the call that sends it
    ("PFX002", "zgs_passed_argument/personas.py", 2, 63),
    # two agents' `process`, each building its own messages for the base class's client,
    # reached from the base class's abstract dispatch: each is a prompt of its own
    ("PFX005", "zgt_agent_subclasses/estimates.py", 11, 70),
    ("PFX005", "zgt_agent_subclasses/reviews.py", 11, 71),
    # a module's table of chat templates with `{placeholders}`, filled by code not in view
    ("PFX001", "zgu_chat_table.py", 11, 1),
    # a hook's text returned by either arm of its final `if`/`else`: the arm that spells
    # the rules, measured with the question before them
    ("PFX001", "zgv_branch_returns.py", 6, 39),
    # a constant of a package whose `__init__` imports its modules' names with `*`, brought
    # in by `from .prompts import *`
    ("PFX005", "zgw_star_package/prompts/feedback.py", 1, 66),
    # a template given by keyword to a project class imported from another module
    ("PFX005", "zgx_imported_template_class/library.py", 7, 62),
    # a section inserted at a place near the start of a list of sections joined later
    ("PFX002", "zgy_inserted_section.py", 17, 42),
    # the JSON of a dict written out in the code: the question and the ticket before the
    # constraints the JSON puts after them
    ("PFX001", "zhb_json_prompt.py", 13, 21),
    ("PFX005", "zhb_json_prompt.py", 14, 19),
    # instructions given first to a function not in view that its name says asks a model
    ("PFX005", "zhc_named_llm_call.py", 9, 47),
    # rules numbered from a constant list (`enumerate`, `number + 1`): constant text
    ("PFX005", "zhf_numbered_rules.py", 18, 59),
    # a prompt file named from a constant by text methods (`name.lower().replace(" ", "_")`)
    ("PFX005", "zhg_named_prompt_file/prompts/trip_planner.md", 1, 47),
    ("PFX006", "zhh_history_store.py", 36, 76),
    ("PFX001", "zhi_task_override/crew/fetcher.py", 7, 35),  # the subclass's task prompt
    ("PFX001", "zhj_crew_goal/config/agents.yaml", 8, 38),  # before CrewAI's answer format
    ("PFX005", "zhk_retried_call.py", 35, 54),  # sent through a retry helper
    # the task text an agent executor kept on the object is invoked with fills {input}
    ("PFX005", "zhl_agent_executor.py", 9, 27),
    ("PFX005", "zhl_agent_executor.py", 9, 69),
    ("PFX002", "zhm_prompt_catalog/agents.json", 4, 57),  # a JSON prompt object's content
    ("PFX001", "zhm_prompt_catalog/outline.json", 6, 66),  # a JSON file's "templates"
    ("PFX005", "zhn_state_card.md.jinja", 3, 14),  # Markdown lists are no YAML
    ("PFX005", "zho_image_helper/layout.py", 15, 52),  # where the helper's data URL is put
    ("PFX001", "zhq_prompt_builder/prompts/context.py", 13, 16),  # used where it is called
    ("PFX001", "zhr_posted_turns.py", 10, 11),  # the question before the rules, after turns
    ("PFX003", "zhr_posted_turns.py", 29, 36),  # the turns a client posts: its conversation's
    ("PFX001", "zhs_file_per_pass.py", 15, 1),  # each file a loop reads: its pass's data
    ("PFX005", "zht_format_client/screening.py", 10, 29),  # before the client's format
    ("PFX001", "zhu_template_factory/prompts.py", 7, 22),  # filled where the factory is called
    ("PFX001", "zhv_tool_argument.py", 8, 43),  # what the model passes a tool on each call
    ("PFX005", "zhx_registered_chat_prompt.py", 7, 16),  # a service's client fills it
    ("PFX005", "zhx_registered_chat_prompt.py", 8, 15),
    ("PFX005", "zhy_template_constants/prompts.py", 6, 26),  # filled through its getter
    ("PFX005", "zhy_template_constants/prompts.py", 16, 52),  # filled where it is imported
    ("PFX005", "zhz_joined_parts.py", 17, 47),  # parts joined with `+`: the text part read
    ("PFX001", "zhzb_cached_loader/prompts/relevance.txt", 1, 15),  # a loader's cached file
    ("PFX005", "zhzb_cached_loader/prompts/relevance.txt", 2, 15),
    ("PFX006", "zhzc_list_with_helper_text.py", 7, 70),  # the list with a helper's text
    ("PFX001", "zhzd_keyed_catalog/settings/templates.json", 4, 80),  # a store's keyed entry
    ("PFX005", "zhzf_language_prompts/prompts/prompts_de.py", 1, 73),  # measured alone
    ("PFX005", "zhzf_language_prompts/prompts/prompts_en.py", 1, 65),  # the set the call sends
    ("PFX001", "zhzg_dollar_loader/runbooks/plan.md", 1, 35),  # a helper's string.Template
    ("PFX005", "zhzh_constructed_prompt/config/grading_prompt.md", 4, 1),  # made with it
    ("PFX006", "zhzi_rendered_twice/templates/instructions.jinja2", 2, 10),  # rendered again
    ("PFX005", "zhzk_substitute_helper.py", 7, 28),  # keywords a helper passes through
    ("PFX005", "zhzk_substitute_helper.py", 7, 78),
    ("PFX001", "zhzl_kernel_function.py", 17, 52),  # a Semantic Kernel function's parameter
    ("PFX005", "zhzm_class_prompt_table/prompts/catalog.yaml", 3, 13),  # a class body read it
    ("PFX001", "zhzn_versioned_templates/prompts/v2/minutes.j2", 2, 1),  # its version folder
    ("PFX005", "zhzo_prompt_file_table/prompts/merge_labels.txt", 1, 32),  # a table's file
    ("PFX005", "zhzo_prompt_file_table/prompts/merge_labels.txt", 2, 24),
    ("PFX005", "zhzp_crew_task_language/config/tasks.yaml", 3, 39),  # a task in Spanish
    ("PFX005", "zhzq_formatted_block/desk.py", 10, 24),  # a briefing formatted in a helper
    ("PFX005", "zhzq_formatted_block/desk.py", 10, 74),
    ("PFX005", "zhzr_message_parts.py", 18, 77),  # a message's image part before its rules
    ("PFX005", "zhzs_retry_variant.py", 6, 34),  # sent as built on the first attempt
    ("PFX001", "zhzt_crew_kickoff/crews/brief_crew/config/tasks.yaml", 11, 29),  # the notes
    ("PFX001", "zhzu_slot_prompts/prompts/analyst.md", 2, 6),  # a `<<NAME>>` slot's clock
    ("PFX001", "zhzw_kept_chain.py", 12, 16),  # a kept chain filled in another method
    # a prompt folder's `<<CURRENT_TIME>>` made a format field by `re.sub` and filled through
    # `PromptTemplate(...).format`, the helper's chat sent by a node that names the file
    ("PFX006", "zhzx_slot_loader/prompts/loader.py", 18, 43),
    ("PFX006", "zhzx_slot_loader/prompts/planner.md", 2, 6),
    # a pydantic model made from a YAML file's mapping: its fields are the file's texts
    ("PFX004", "zhzy_model_document/prompts.yaml", 3, 21),
    ("PFX005", "zhzy_model_document/prompts.yaml", 15, 12),
    ("PFX005", "zhzz_language_modules/prompts/en.py", 4, 1),  # a table of language modules
    ("PFX005", "zhzza_handed_node/nodes.py", 10, 44),  # a node handed to the graph, unbound
    ("PFX005", "zhzzb_folder_reads.py", 17, 19),  # each file a loop over a folder reads
    ("PFX005", "zhzzc_saved_state/narrator.py", 21, 27),  # a model of a saved JSON state
    ("PFX001", "zhzze_keyword_table.py", 5, 1),  # a template kept as a keyword of dict()
    ("PFX005", "zhzzf_task_heading/rank_feedback.txt", 2, 1),  # a task under its heading
    ("PFX005", "zhzzg_constant_reads/prompts.py", 3, 20),  # read with `%` in triage.py
    ("PFX001", "zhzzg_constant_reads/prompts.py", 17, 42),  # a table's entry, read there too
    ("PFX001", "zhzzj_bedrock_body/prompts.py", 5, 32),  # sent as InvokeModel's JSON body
    ("PFX005", "zhzzk_seeded_prompts.py", 11, 1),  # a prompt record of seed data
    ("PFX001", "zhzzl_crew_criteria/config/tasks.yaml", 6, 15),  # before the criteria
    ("PFX005", "zhzzn_script_choice/hosted.py", 14, 70),  # the notes before the rules
    ("PFX001", "zhzzr_schema_helper/assistant.py", 11, 39),  # before a helper's JSON rules
    ("PFX005", "zhzzs_builder_table.py", 20, 34),  # a builder a table of them holds
    # a template the caller passes to a client in another module
    ("PFX005", "zhzzu_passed_template/reviewer.py", 2, 1),
    ("PFX005", "zhzzu_passed_template/reviewer.py", 5, 1),
    # a table a module fills when loaded is the deployment's; one a function changes is not
    ("PFX005", "zhzzv_filled_labels/router.py", 29, 50),
    # a station's frame that two inspection prompts send before their rules
    ("PFX005", "zhzzw_shared_frame/camera.py", 11, 16),
    ("PFX005", "zhzzx_cwd_prompts/prompts/habitat.md", 3, 29),  # a loader under os.getcwd()
    ("PFX001", "zhzzy_file_part.py", 23, 47),  # an uploaded file before the rules
    ("PFX005", "zhzzz_posted_arms/checks.py", 8, 2),  # a scan's text before the criteria
    ("PFX005", "zhzzza_sql_agent.py", 10, 48),  # the team before the SQL agent's rules
    ("PFX005", "zhzzzb_tried_reading.py", 20, 20),  # what the try returns, not its fallback
    ("PFX001", "zhzzzc_step_prompts.py", 7, 45),  # the first plan's question, in its own arm
    ("PFX005", "zhzzzd_store_rows.py", 26, 12),  # a row of a store a setting locates
    ("PFX005", "zhzzze_aliased_sender.py", 22, 53),  # sent through a sender held in a local name
    ("PFX005", "zhzzzf_channel_bot/persona.txt", 1, 40),  # filled in by six edits, then sent
    ("PFX005", "zhzzzg_optional_import.py", 25, 1),  # a library class held under its name
    ("PFX005", "zhzzzg_optional_import.py", 28, 1),
    ("PFX005", "zhzzzh_uploaded_texts/summary.py", 12, 1),  # a list the upload empties and fills
    ("PFX005", "zhzzzk_handed_llm/crawler.py", 6, 8),  # sent by the function a class is made with
    ("PFX005", "zhzzzl_gemini_built_prompt.py", 15, 48),  # a text a method writes line by line
    ("PFX001", "zhzzzl_gemini_built_prompt.py", 16, 35),
    ("PFX003", "zhzzzm_predict_text.py", 7, 1),  # LangChain predict(text=...)
    ("PFX005", "zhzzzm_predict_text.py", 9, 19),
    ("PFX005", "zhzzzn_foreign_prompts/entrevista.py", 3, 34),  # a prompt in Russian
    ("PFX005", "zhzzzn_foreign_prompts/evaluacion.txt", 1, 20),  # a prompt file in Spanish
    ("PFX001", "zhzzzp_cli_input_file.py", 17, 2),  # the file a command line names
    ("PFX005", "zhzzzr_command_lines/agents.py", 19, 58),  # `claude -p` run as a subprocess
    ("PFX001", "zhzzzr_command_lines/agents.py", 36, 45),  # `codex exec -` given its input
    ("PFX001", "zhzzzs_claude_agent_sdk.py", 14, 65),  # the Agent SDK's system prompt
    ("PFX002", "zhzzzt_unreachable_return.py", 33, 27),  # the return that runs, not the one below
    ("PFX005", "zhzzzt_unreachable_return.py", 33, 50),
    ("PFX006", "zhzzzu_chat_model_client/agent.py", 9, 1),  # documents before the desk's rules
    # and the session's turns, which the method turns into message objects
    ("PFX001", "zhzzzv_override_prompt.py", 18, 1),  # the grounded prompt's passages
    ("PFX003", "zhzzzw_chat_turns.py", 23, 5),  # the checklist after the contract's turn
    # a template file named by a command-line option's default (argparse, click)
    ("PFX001", "zhzzzx_option_template/prompts/card.txt", 5, 11),
    ("PFX001", "zhzzzx_option_template/prompts/quiz.md", 4, 10),
    ("PFX001", "zhzzzy_app_state/desk.py", 14, 33),  # the object a lifespan put on app.state
    ("PFX002", "zhzzzz_prompt_versions/planner.py", 14, 31),  # before each version's file
    ("PFX001", "zhzzzzb_session_counter.py", 25, 64),  # a count a method advances
    ("PFX004", "zhzzzzc_settings_helper/digest.py", 17, 29),  # an entry a helper returns
    ("PFX002", "zhzzzzd_shipped_data/triage.py", 28, 33),  # the entry a user's id picks
    ("PFX005", "zhzzzzd_shipped_data/triage.py", 55, 39),  # a file the script rewrites
    ("PFX005", "zhzzzze_entry_set_later.py", 21, 59),  # an entry the arms set again
    ("PFX001", "zhzzzzf_crew_positional/crew/config/agents.yaml", 3, 5),  # kickoff(inputs)
    ("PFX005", "zhzzzzg_keyed_by_attribute/data/review_prompts.json", 8, 18),  # self.style
    ("PFX001", "zhzzzzh_mood_state.py", 24, 12),  # a dict whose entries a method changes
    ("PFX004", "zhzzzzi_message_generator.py", 9, 19),  # the date a generator yields first
    ("PFX005", "zhzzzzj_own_chat_method/tutor.py", 6, 39),  # a project client's own chat
    ("PFX005", "zhzzzzk_client_or_default.py", 7, 21),  # `writer or Copywriter()`
    ("PFX006", "zhzzzzl_chain_by_form/chains.py", 10, 84),  # a form's role, via its chain,
    # before the history its placeholder holds
    ("PFX002", "zhzzzzm_chain_filled_below.py", 8, 48),  # filled below, in the module
    ("PFX001", "zhzzzzn_free_text_option.py", 26, 54),  # `--city`, no default: the run's
    ("PFX001", "zhzzzzp_log_named_by_agent/chat.py", 32, 52),  # the question before the rules
    ("PFX001", "zhzzzzq_prompt_service/prompts/triage.txt", 4, 1),  # a service fills it
    ("PFX005", "zhzzzzr_transcribed_words.py", 24, 34),  # what a loaded model hears
    ("PFX004", "zhzzzzs_thread_parts.py", 20, 31),  # the week, a first text part
    ("PFX004", "zhzzzzs_thread_parts.py", 20, 48),
    ("PFX001", "zhzzzzt_nested_prompt_table.py", 9, 66),  # a table nested by style
    ("PFX001", "zhzzzzv_baml/baml_src/support.baml", 32, 5),  # a BAML function's
    ("PFX006", "zhzzzzw_loop_history.py", 20, 73),  # notes before the kept turns
    ("PFX001", "zhzzzzx_count_param.py", 13, 45),  # (info under OpenAI's minimum)
    ("PFX001", "zhzzzzx_count_param.py", 14, 31),
    ("PFX001", "zhzzzzy_voice_turn.py", 27, 26),  # what the microphone recorded this turn
    ("PFX001", "zhzzzzz_unpacked_context/app.py", 12, 1),  # the context a helper found
    ("PFX001", "zhzzzzza_clock_tuple.py", 10, 34),  # a clock helper's tuple, first
    ("PFX006", "zhzzzzzb_socket_history/agent.py", 16, 52),  # before a socket's turns
    ("PFX001", "zhzzzzzc_awaited_search/notes.py", 17, 37),  # an awaited search's notes
    ("PFX001", "zhzzzzzd_run_folder.py", 15, 30),  # a folder named for the run's start
    ("PFX005", "zhzzzzzg_dead_caller/helpers.py", 5, 21),  # called only below a return
    ("PFX001", "zhzzzzzh_guarded_tuple.py", 24, 54),  # a pair after a guard's None
    ("PFX001", "zhzzzzzi_text_buffer.py", 19, 17),  # chunks a StringIO holds first
    ("PFX002", "zhzzzzzj_retried_lambda.py", 28, 76),  # a lambda's default: the tools
    ("PFX001", "zhzzzzzk_scratch_branch/main.py", 14, 35),  # a folder never None, not the if
    ("PFX004", "zhzzzzzl_conversation_object/commit_message.py", 8, 21),  # an object's
    ("PFX001", "zhzzzzzl_conversation_object/commit_message.py", 21, 41),  # sent turns
    ("PFX002", "zhzzzzzm_joined_tools.py", 30, 27),  # after joined lists of tools
    ("PFX001", "zhzzzzzn_message_objects.py", 38, 23),  # one turn's objects, no history
    ("PFX005", "zhzzzzzo_settings_default/texts.py", 1, 31),  # a default's settings
    ("PFX004", "zhzzzzzp_loader_root/app/templates/base/persona.md.j2", 1, 59),  # a base
    # template the loader finds under the application's folder, not beside the child
    ("PFX006", "zhzzzzzs_import_time_history.py", 11, 1),  # a module-level template's
    # history placeholder is filled at invocation: passages before it
    ("PFX006", "zhzzzzzt_command_closure.py", 24, 34),  # a command registered in a
    # method calls the bot's own method with its clock
    ("PFX001", "zhzzzzzu_formatted_facts/facts.py", 6, 29),  # the first number of
    # a facts block another file places before its rules
    ("PFX005", "zhzzzzzw_subclass_strategy/judge_prompts.json", 8, 14),  # the answer
    # first in the text a subclass's kind picks, sent by the base class's method
    ("PFX006", "zhzzzzzx_replaced_elsewhere/texts.py", 4, 18),  # a marker the agent
    # replaces by the route's question, before the conversation
    ("PFX005", "zhzzzzzy_guide_appended/filters.py", 18, 29),  # notes appended to a
    # guide file's text, before the answer rules
    ("PFX005", "zi_labelled_form.py", 26, 1),  # a form's value before the reviewer's rules
    ("PFX005", "zic_import_case/agent.py", 10, 66),  # a module imported in another case
    ("PFX005", "zid_async_loader/prompts/draft_rule.txt", 3, 15),  # a cached loader's
    ("PFX005", "zid_async_loader/prompts/draft_rule.txt", 4, 14),  # template, filled
    ("PFX001", "zie_template_handed/node.py", 6, 21),  # a template a getter makes once,
    # handed to the client with the values that fill it
    ("PFX001", "zif_trimmed_return.py", 12, 7),  # returned f-strings, trimmed
    ("PFX005", "zif_trimmed_return.py", 15, 6),  # with `.strip()` and `dedent`
    ("PFX001", "zif_trimmed_return.py", 31, 50),
    ("PFX005", "zig_fresh_builder.py", 13, 22),  # a method of an object made on the spot
    ("PFX001", "zii_trimmed_history.py", 37, 53),  # rules after a conversation a loop trims
    ("PFX004", "zik_daily_script/direct.py", 16, 28),  # a script's top level is its run's
    ("PFX005", "zik_daily_script/direct.py", 16, 37),
    ("PFX005", "zik_daily_script/helper.py", 24, 32),  # (sent through its own helper)
    ("PFX005", "zil_default_template/jobs.py", 27, 26),  # before the shipped template
    ("PFX004", "zil_default_template/jobs.py", 27, 47),
    ("PFX005", "zil_default_template/prompts/merge.txt", 3, 1),
    ("PFX001", "zin_scene_global.py", 37, 23),  # set through `global`, not None
    ("PFX003", "zio_rules_after_history/desk.py", 11, 22),
    ("PFX005", "zio_rules_after_history/lookup.py", 12, 55),
    ("PFX005", "zip_lazy_provider/rhymes.py", 12, 54),
    ("PFX005", "zir_completion_wrapper/receipts.py", 7, 1),
    ("PFX001", "zit_loaded_transcript.py", 26, 47),  # set through `global`, not ""
    ("PFX005", "ziv_returned_payload.py", 12, 19),  # the dict a helper returns, as JSON
    ("PFX005", "ziv_returned_payload.py", 13, 17),
    ("PFX005", "ziv_returned_payload.py", 14, 18),
    ("PFX005", "ziw_playground_chat/prompts.py", 17, 32),  # a chat of text parts, its
    ("PFX005", "ziw_playground_chat/prompts.py", 17, 45),  # slots in words left as text
    ("PFX005", "ziw_playground_chat/prompts.py", 17, 70),
    ("PFX006", "zix_message_history.py", 23, 71),  # before turns made message objects
    ("PFX005", "ziy_filtered_sections.py", 27, 52),  # sections joined, empty ones dropped
    ("PFX001", "ziz_store_global.py", 36, 53),  # a global set at start-up, or under an `if`
    ("PFX002", "zj_default_persona/personas.py", 1, 42),  # a constructor's default persona
    ("PFX005", "zk_changed_file/prompts/triage.txt", 3, 1),  # a loader's template, clients deep
    ("PFX001", "zl_changed_constants/prompts.py", 1, 29),  # a constant another module sends
    ("PFX001", "zn_either_arm.py", 14, 8),  # if/else: the passages arm is read, a slice kept
    ("PFX005", "zo_mustache/prompts/write_profile.mustache", 3, 1),  # a Mustache section
    ("PFX005", "zp_injected_llm/agents.py", 27, 46),  # an agent's page, measured on its own
    ("PFX005", "zp_injected_llm/agents.py", 48, 54),  # the model's pick, past a `return` arm
    ("PFX005", "zq_slot_prompts.yaml", 3, 58),  # a `<<TOPIC>>` slot filled by .replace
    ("PFX005", "zr_local_prompts/chains.py", 19, 1),  # a class's f-string template
    ("PFX005", "zr_local_prompts/pipeline.py", 13, 35),  # a method's own prompt text
    ("PFX001", "zr_local_prompts/reviewer.py", 17, 2),  # a node's f-string, model not in view
    ("PFX001", "zs_inferred_template.py", 5, 32),  # a template a library not in view fills
    ("PFX006", "zu_code_context.py", 25, 56),  # files in view, then the kept messages
    ("PFX001", "zw_tool_loop/helper.py", 30, 12),  # a branch on the tools the question picks
    ("PFX001", "zw_tool_loop/helper.py", 38, 60),  # those tools, stored in the posted body
    ("PFX004", "zx_held_client/assistant.py", 17, 30),  # the client an attribute holds
    ("PFX006", "zy_template_module/templates.py", 9, 6),  # a template object's {context_str}
    ("PFX001", "zz_base_template/prompts/base.j2", 2, 45),  # a base's clock, in its child
]

REACH_SINKS = {
    "backends/base.py:26": "client of openai.chat",
    "agents/loader.py:15": "messages",
    "a_own_client.py:6": "client of openai.chat",
    "a_own_client.py:11": "client of openai.chat",
    "b_http.py:9": "client of http.post",
    "bot_config.yaml:3": "config (top)",
    "crew/config/tasks.yaml:2": "config review_posting",
    "c_prompt_text.py:5": "text",
    "c_prompt_text.py:13": "text",
    "c_prompt_text.py:24": "text",
    "d_loader.py:15": "openai.chat",
    "e_middleware.py:10": "langchain.dynamic_prompt",
    "g_kept_bot.py:22": "openai.chat",
    "h_short_tail.j2": None,
    "i_inferred.py:11": "inferred",
    "j_message_objects.py:12": "messages",
    "k_replace.py:17": "openai.chat",
    "l_client_of_client.py:8": "client of openai.chat",
    "m_values_at_the_end.py:22": "openai.chat",
    "m_values_at_the_end.py:29": "openai.chat",
    "n_enumerate.py:16": "openai.chat",
    "o_joined_parts.py:17": "text",
    "p_filled_template.py:9": "langchain.PromptTemplate.from_template",
    "q_two_sends.py:22": "client of openai.chat",
    "r_replayed_turns.py:21": "openai.chat",
    "s_settings_file/bot.py:26": "openai.chat",
    "u_loaded_step.py:27": "inferred",
    "u_loaded_step.py:33": "inferred",
    "v_format_escapes.py:13": "text",  # `{{ }}` escapes a brace: no Jinja error, no hole
    "v_format_escapes.py:21": "text",
    "w_escaped_settings.json:4": "config prompts",  # its `{{...}}` JSON example is text
    # one call of an agent sends a prompt per phase: told apart by the sink each reaches
    "x_phased_agent/base.py:9": "client of chat_api.chat",
    "y_default_prompt.py:27": "inferred",
    "z_passages_last.py:26": "openai.chat",
    "z_passages_last.py:34": "openai.chat",
    # a library's schema of the project's own function is deploy-scoped: no finding at :17
    "za_tool_spec.py:17": "openai.chat",
    "za_tool_spec.py:25": "openai.chat",
    "zb_default_file.py:15": "openai.chat",
    "zc_prompt_table/prompts.py:15": "text",
    "zc_prompt_table/search.py:9": "inferred",
    "x_phased_agent/base.py:9 (via x_phased_agent/research.py:23)": "client of chat_api.chat",
    # its object unknown, `self.llm.chat` may be a project client's own `chat` (the reach
    # suite is one project: the bot's of zfx_meeting_rows, the nearest of the most common
    # library among the clients named so)
    "x_phased_agent/base.py:9 (via x_phased_agent/research.py:28)": "client of openai.chat",
    "x_phased_agent/base.py:9 (via x_phased_agent/research.py:38)": "client of openai.chat",
    "s_settings_file/settings.yaml:3": "config (top)",
    "characters/night_ranger.txt": "text file",
    "zd_typed_receivers/desk.py:29": "openai.chat",
    "zda_terminal_chat/chat.py:20": "openai.chat",
    "zdb_note_reader/notes.py:28": "client of http.post",
    "zdb_note_reader/notes.py:34": "client of http.post",
    "zdc_reset_persona.py:31": "openai.chat",
    "zdd_indented_branches/triage.py:15": "openai.chat",
    "zde_lambda_prompt.py:18": "openai.chat",
    "zdf_nested_client.py:26": "client of openai.chat",
    # a schema a project function returns, sent in JSON mode: constant, no finding
    "zdg_schema_function.py:23": "openai.chat",
    "zdh_parser_instructions.py:18": "langchain.PromptTemplate",
    "zdi_copied_history.py:24": "openai.chat",
    "zdi_copied_history.py:33": "openai.chat",
    "zdj_placed_context/app.py:11": "openai.chat",
    "zdj_placed_context/prompting.py:13": "text",
    "zdk_loop_reader.py:29": "openai.chat",
    "zdl_joined_fstring.py:7": "text",
    "zdm_annotated_local.py:6": "text",
    "zdn_message_templates.py:15": "langchain.PromptTemplate.from_template",
    "zdn_message_templates.py:18": "langchain.PromptTemplate.from_template",
    "zdn_message_templates.py:19": "langchain.ChatPromptTemplate",
    "zdo_prompt_folders/app/plan.py:10": "openai.chat",
    "zdo_prompt_folders/data/prompts/planner/system.md": "text file",
    "zdp_written_chat.py:18": "langchain.chat_model.invoke",
    "zdq_init_annotation.py:35": "openai.chat",
    "zdr_aliased_step/graph.py:14": "client of langchain.ChatPromptTemplate",
    "zds_given_context.py:24": "openai.chat",
    "zdt_read_history.py:22": "openai.chat",
    "zdu_replaced_input/exercise.py:13": "openai.responses",
    "zdv_model_reply.py:20": "messages",  # the planner's chat, a list no sink sends
    "zdv_model_reply.py:22": "openai.chat",
    "zdw_prompt_lines.py:6": "text",
    "zdx_listed_input.py:21": "openai.chat",
    "zdy_branch_insert/agent.py:19": "openai.chat",
    "zdy_branch_insert/prompts/analyst.md": "text file",
    "zdz_star_import/shell.py:13": "openai.chat",
    "zea_loader_fallback/grader.py:19": "openai.chat",
    "zea_loader_fallback/prompts/grade.txt": "text file",
    # (the method is not measured alone: the Streamlit script calls it on every run)
    "zeb_cached_resource.py:32": "client of openai.chat",
    "zec_runtime_config/desk.py:10": "langchain.ChatPromptTemplate",
    "zec_runtime_config/desk.py:15": "langchain.ChatPromptTemplate",
    "zec_runtime_config/prompts.yaml:7": "config (top)",
    # the state's "messages" entry the code names the question: the request's, last
    "zed_named_question.py:15": "inferred",
    "zee_enumerated_options.py:29": "openai.chat",
    "zee_enumerated_options.py:37": "openai.chat",
    "zef_tidied_template/commit.py:18": "openai.chat",
    "zeg_reexported_client/judge.py:10": "client of openai.chat",
    "zeh_legacy_chain.py:17": "langchain.PromptTemplate",
    "zei_helper_template/mailbox.py:7": "openai.responses",
    "zei_helper_template/prompts/classify.j2": None,  # also measured alone
    "zej_template_data/prompts/route.j2": None,
    "zej_template_data/router.py:20": "openai.chat",
    "zek_generic_agent.py:27": "openai_agents.Agent",
    "zek_generic_agent.py:35": "openai_agents.Agent",
    "zek_generic_agent.py:45": "inferred",
    "zel_vertex_agent/agent.py:20": "client of google_genai.GenerativeModel.generate_content",
    "zel_vertex_agent/react.txt": "text file",
    "zem_abstract_brain/companion.py:25": "client of langchain.model.call",
    "zem_abstract_brain/thoughts.py:10": "openai.chat",
    # a library's toolset made of constants only (an MCP server named in the code): no value
    "zen_fixed_toolset.py:15": "inferred",
    "zeo_class_actions.py:54": "openai.chat",
    # message dicts a settings module keeps, listed as `settings.SYSTEM_MESSAGE`: constant
    "zep_module_messages/ask.py:12": "openai.chat",
    "zeq_environment_default.py:30": "openai.chat",
    # an exchange a memory store keeps (`memory.add(messages, user_id=...)`): not a prompt
    "zer_memory_store.py:27": "openai.chat",
    "zes_prompt_file/prompts.yaml:3": "config (top)",
    "zes_prompt_file/prompts.yaml:11": "config (top)",
    "zet_names_table.py:19": "openai.responses",
    "zeu_printf_prompts/prompts.py:5": "text",
    "zeu_printf_prompts/prompts.py:23": "text",
    # a person's name and role, entries of a setup file a JSON-with-comments parser reads:
    # the deployment's whatever the keys say, so no finding (the email comes last)
    "zev_commented_settings/assistant.py:26": "client of openai.chat",
    "zew_task_description.py:16": "text",
    "zex_request_record/digest.py:24": "client of openai.chat",
    "zey_repair_prompt.py:16": "openai.chat",
    "zey_repair_prompt.py:24": "openai.chat",
    "zez_one_line_templates.py:7": "text",
    "zfa_streamed_reply.py:18": "langchain.chat_model.invoke",  # the streamed draft
    "zfa_streamed_reply.py:22": "langchain.chat_model.invoke",
    "zfb_summary_templates/NotesSummaryTemplate.json:2": "config (top)",
    "zfb_summary_templates/NotesSummaryTemplate.json:3": "config (top)",
    # names from the deployment's settings, defaulted with `or "..."`: the deployment's, so
    # no finding (the email comes in the next message)
    "zfc_named_default.py:21": "openai.chat",
    "zfd_image_variant.py:27": "anthropic.messages",
    "zfe_web_handler/endpoints.py:15": "client of http.post",
    "zff_setup_method.py:21": "anthropic.messages",
    # a "(continue)" turn a wrapper may put first is no history after the caller's message:
    # no finding
    "zfg_continue_turn.py:24": "client of anthropic.messages",
    "zfh_marked_extract.py:18": "text",
    "zfi_agent_prompts/engine.py:21": "openai.chat",
    "zfi_agent_prompts/templates/daily_plan.txt": "text file",
    "zfj_deque_context.py:28": "http.post",
    "zfk_case_fields/judge.py:28": "openai.chat",
    # a count of the deployment's examples, and a length test that cuts the document right
    # where it is added: no finding
    "zfl_counted_examples.py:32": "client of openai.chat",
    "zfm_prompt_table_helper.py:8": "text",
    "zfn_rewrite_prompt/data/soften.txt": "text file",
    "zfn_rewrite_prompt/probe.py:16": "http.post",
    "zfo_loop_turns.py:27": "openai.chat",
    # of two arms that add to the list, one runs (the persona is sent once): no finding
    "zfp_one_arm_adds.py:30": "openai.chat",
    # a percentage computed from the deployment's level (`int(round(level * 100))`) is the
    # deployment's: no finding
    "zfq_computed_level.py:23": "openai.chat",
    "zfr_stale_view.py:38": "openai.chat",
    "zfs_nested_prompts/triage.py:12": "openai.chat",
    "zft_language_tables/texts_en.py:5": "text",  # (a nested table's entry, measured)
    "zft_language_tables/writer.py:18": "client of openai.chat",
    "zft_language_tables/writer.py:21": "client of openai.chat",
    # the log line built beside it is no prompt
    "zfu_system_message_method.py:18": "text",
    "zfv_helper_returns.py:46": "text",
    "zfv_helper_returns.py:51": "openai.chat",
    "zfw_refreshed_system.py:25": "openai.chat",
    "zfw_refreshed_system.py:30": "messages",
    "zfw_refreshed_system.py:40": "openai.chat",
    "zfw_refreshed_system.py:54": "openai.chat",
    # a conversation started over by a method called first keeps no turns: no finding
    "zfw_refreshed_system.py:67": "openai.chat",
    "zfx_meeting_rows/minutes.py:26": "client of openai.chat",
    "zfy_cli_topic.py:22": "openai.chat",
    "zfy_cli_topic.py:25": "openai.chat",
    # the last four turns are a window that slides, no history each turn extends: the time
    # before them is no finding
    "zfz_recent_turns.py:25": "openai.chat",
    # a placeholder for the tool's answer to this question is no history: no finding
    # (its human message template is a message of the chat template, no prompt alone)
    "zga_tool_messages.py:17": "langchain.ChatPromptTemplate",
    "zgb_dollar_prompts/prompts/planner.md": "text file",
    "zgc_bounded_week.py:31": "anthropic.messages",
    "zgd_streamlit_outline/outliner/outline.py:14": "inferred",
    "zgd_streamlit_outline/outliner/prompts/outline.txt": "text file",
    "zge_seed_wrapped_once.py:24": "openai.chat",
    "zgf_callable_model/writing/editor.py:20": "client of openai.chat",
    "zgf_callable_model/writing/editor.py:23": "client of openai.chat",
    "zgf_callable_model/writing/grader.py:17": "client of openai.chat",
    "zgg_choice_in_instructions.py:35": "openai.chat",
    "zgh_threaded_reply.py:18": "messages",  # the draft's chat, run on a thread
    "zgh_threaded_reply.py:20": "openai.chat",
    "zgi_message_client/analyst.py:18": "client of langchain.chat_model.invoke",
    "zgi_message_client/analyst.py:21": "client of langchain.chat_model.invoke",
    # tools a library function makes from a table of classes and names: no finding
    "zgj_tool_table.py:36": "openai.chat",
    "zgk_template_object.py:25": "openai.chat",
    "zgl_copied_parts.py:40": "client of openai.chat",
    "zgl_copied_parts.py:45": "client of openai.chat",
    "zgm_async_reader/prompts/answer/user.md": "text file",
    "zgm_async_reader/views.py:25": "openai.chat",
    "zgn_prompt_helper/api.py:15": "openai.chat",
    "zgn_prompt_helper/assets/prompts/advisor.md": None,
    "zgo_chained_responses.py:18": "openai.responses",
    "zgo_chained_responses.py:28": "openai.responses",
    "zgo_chained_responses.py:35": "openai.responses",  # a first turn: nothing kept before
    "zgp_dict_listing.py:29": "openai.chat",  # a constant table's entries listed: no finding
    "zgq_keyword_and_chat.py:14": "inferred",  # the system keyword and the written chat
    "zgr_prompt_registry/planner.py:13": "openai.chat",
    "zgr_prompt_registry/planner.py:20": "openai.chat",
    "zgs_passed_argument/chat.py:9": "anthropic.messages",
    "zgt_agent_subclasses/base.py:22": "client of openai.chat",
    "zgt_agent_subclasses/reviews.py:6": "client of openai.chat",
    "zgu_chat_table.py:5": "text",  # its placeholders are values
    "zgu_chat_table.py:28": "messages",  # its one value last: a list as written
    "zgv_branch_returns.py:6": "text",
    "zgw_star_package/coach.py:10": "openai.chat",
    "zgx_imported_template_class/library.py:7": "text",
    "zgy_inserted_section.py:22": "anthropic.messages",
    # a template filled with `**` one of a table of constant settings: no finding, and the
    # template is not measured again on its own
    "zha_spread_config.py:16": "text",
    "zhb_json_prompt.py:23": "openai.chat",
    "zhc_named_llm_call.py:8": "inferred",  # not `count_llm_tokens(...)`
    "zhd_entity_prompt.jinja2": None,
    "zhf_numbered_rules.py:17": "openai.chat",
    "zhg_named_prompt_file/planner.py:11": "openai.chat",
    "zhh_history_store.py:40": "openai.chat",
    "zhi_task_override/crew/run.py:17": "client of google_genai.chat.send_message",
    "zhj_crew_goal/config/agents.yaml:2": "config triage_engineer",
    "zhj_crew_goal/crew.py:15": "crewai.Task",
    "zhk_retried_call.py:26": "client of anthropic.messages",
    "zhk_retried_call.py:50": "client of anthropic.messages",
    "zhl_agent_executor.py:23": "langchain.ChatPromptTemplate",
    "zhm_prompt_catalog/agents.json:4": "config planner_prompt",
    "zhm_prompt_catalog/outline.json:6": "config templates",
    "zhn_state_card.md.jinja": None,
    "zho_image_helper/layout.py:14": "openai.chat",
    "zhp_table_helper.py:30": "openai.chat",  # a helper's text from constant tables: no finding
    "zhq_prompt_builder/prompts/context.py:12": "text",  # handed to a backend not in view
    "zhr_posted_turns.py:43": "client of openai.chat",
    "zhs_file_per_pass.py:34": "openai.chat",  # the settings read once at start: no finding
    "zht_format_client/screening.py:11": "client of http.post",
    "zhu_template_factory/prompts.py:14": "langchain.ChatPromptTemplate",
    "zhv_tool_argument.py:23": "langchain.PromptTemplate",
    "zhw_passed_instructions/triage.py:13": "langchain.ChatPromptTemplate",  # no finding
    "zhx_registered_chat_prompt.py:5": "text",  # not the list that registers it, as written
    "zhy_template_constants/prompts.py:4": "langchain.ChatPromptTemplate",
    "zhy_template_constants/prompts.py:15": "langchain.ChatPromptTemplate",
    "zhz_joined_parts.py:21": "openai.chat",
    "zhzb_cached_loader/desk/search.py:11": "openai.chat",
    "zhzc_list_with_helper_text.py:29": "messages",  # not the helper's text on its own
    "zhzd_keyed_catalog/coach/session.py:16": "client of http.post",
    "zhzd_keyed_catalog/coach/session.py:20": "client of http.post",
    "zhzd_keyed_catalog/settings/templates.json:4": "config coach.reply",
    "zhzd_keyed_catalog/settings/templates.json:7": "config coach.summary",
    "zhze_tool_objects/librarian.py:19": "inferred",  # no finding: the tools are the class's
    "zhzf_language_prompts/outline.py:11": "openai.chat",
    "zhzf_language_prompts/prompts/prompts_de.py:1": "text",
    "zhzg_dollar_loader/planner.py:24": "client of langchain.chat_model.invoke",
    "zhzh_constructed_prompt/grading/grader.py:13": "anthropic.messages",
    "zhzi_rendered_twice/assistant.py:13": "openai.chat",
    "zhzi_rendered_twice/templates/instructions.jinja2": None,
    "zhzj_shared_arms.py:21": "messages",  # the `else` arm's list, as written
    "zhzj_shared_arms.py:23": "openai.chat",
    "zhzk_substitute_helper.py:24": "http.post",
    "zhzl_kernel_function.py:18": "openai.chat",
    "zhzm_class_prompt_table/prompts/catalog.yaml:2": "config triage",
    "zhzm_class_prompt_table/triage.py:11": "openai.chat",
    "zhzn_versioned_templates/minutes.py:12": "http.post",  # the table's one entry
    "zhzn_versioned_templates/prompts/v2/agenda.j2": None,
    "zhzn_versioned_templates/prompts/v2/minutes.j2": None,
    "zhzo_prompt_file_table/labeller/engine.py:17": "http.post",
    "zhzo_prompt_file_table/prompts/merge_labels.txt": "text file",
    "zhzp_crew_task_language/config/tasks.yaml:2": "config informe_task",
    "zhzq_formatted_block/desk.py:11": "client of openai.chat",
    "zhzr_message_parts.py:21": "langchain.chat_model.invoke",
    "zhzs_retry_variant.py:27": "openai.chat",
    "zhzt_crew_kickoff/crews/brief_crew/config/agents.yaml:2": "config analyst",
    "zhzt_crew_kickoff/crews/brief_crew/config/tasks.yaml:2": "config write_brief",
    "zhzu_slot_prompts/prompts/analyst.md": "text file",
    "zhzv_character_profile/chat.py:11": "openai.chat",
    "zhzw_kept_chain.py:21": "langchain.PromptTemplate.from_template",
    "zhzx_slot_loader/graph/nodes.py:10": "langchain.chat_model.invoke",
    "zhzx_slot_loader/prompts/loader.py:16": "langchain.PromptTemplate",
    "zhzx_slot_loader/prompts/loader.py:18": "messages",
    "zhzx_slot_loader/prompts/planner.md": "text file",
    "zhzy_model_document/desk.py:14": "anthropic.messages",
    "zhzy_model_document/desk.py:22": "anthropic.messages",
    "zhzy_model_document/prompts.yaml:1": "config (top)",
    "zhzy_model_document/prompts.yaml:14": "config (top)",
    "zhzz_language_modules/assistant.py:13": "openai.chat",
    "zhzz_language_modules/prompts/de.py:3": "text",
    "zhzza_handed_node/nodes.py:9": "langchain.ChatPromptTemplate",
    "zhzza_handed_node/try_node.py:6": "client of langchain.ChatPromptTemplate",
    "zhzzb_folder_reads.py:18": "openai.chat",
    "zhzzc_saved_state/narrator.py:23": "openai.chat",
    "zhzzc_saved_state/narrator.py:30": "openai.chat",
    "zhzzd_system_split.py:33": "client of anthropic.messages",
    "zhzzd_system_split.py:42": "client of anthropic.messages",
    "zhzze_keyword_table.py:4": "text",
    "zhzzf_task_heading/rank_feedback.txt": "text file",
    "zhzzg_constant_reads/prompts.py:3": "text",
    "zhzzg_constant_reads/prompts.py:17": "text",
    "zhzzh_file_or_fallback/assistant.py:24": "openai.chat",
    "zhzzi_delegating_agents/agents/coordinator.py:17": "client of openai.chat",
    # the engine's `complete`, not the coordinator's, which passes its call on
    "zhzzi_delegating_agents/agents/reviewer.py:21": "client of openai.chat",
    "zhzzj_bedrock_body/desk.py:10": "client of bedrock.invoke_model",
    "zhzzk_seeded_prompts.py:8": "text",
    "zhzzk_seeded_prompts.py:26": "text",
    "zhzzl_crew_criteria/config/tasks.yaml:2": "config answer_question",
    "zhzzl_crew_criteria/config/tasks.yaml:23": "config render_page",
    "zhzzm_given_prompts/answers.py:24": "client of openai.chat",
    # `summariser = HostedSummariser()` or `LocalSummariser()` at a script's top level
    "zhzzn_script_choice/app.py:13": "client of anthropic.messages",
    "zhzzn_script_choice/app.py:13 (via zhzzn_script_choice/local.py:12)":
        "client of openai.chat",
    "zhzzn_script_choice/hosted.py:12": "anthropic.messages",
    "zhzzn_script_choice/local.py:12": "openai.chat",
    "zhzzo_json_mode.py:25": "client of openai.chat",
    "zhzzp_cached_menu.py:33": "openai.chat",
    "zhzzp_cached_menu.py:47": "openai.chat",
    "zhzzq_nested_arms.py:36": "openai.chat",
    "zhzzr_schema_helper/assistant.py:14": "langchain.chat_model.invoke",
    "zhzzs_builder_table.py:42": "client of ollama.chat",
    "zhzzt_decorator_prompt.py:14": "messages",
    "zhzzt_decorator_prompt.py:22": "openai.chat",
    "zhzzu_passed_template/reviewer.py:27": "client of openai.chat",
    "zhzzv_filled_labels/router.py:22": "openai.chat",
    "zhzzv_filled_labels/router.py:37": "openai.chat",
    "zhzzw_shared_frame/run.py:8": "client of google_genai.generate_content",
    "zhzzw_shared_frame/run.py:8 (via zhzzw_shared_frame/paint.py:16)":
        "client of google_genai.generate_content",
    "zhzzx_cwd_prompts/prompts/habitat.md": "text file",
    "zhzzx_cwd_prompts/survey/report.py:7": "client of openai.chat",
    "zhzzy_file_part.py:20": "openai.responses",
    "zhzzz_posted_arms/checks.py:19": "client of http.post",
    "zhzzza_sql_agent.py:18": "langchain.create_sql_agent",
    "zhzzzb_tried_reading.py:28": "openai.chat",
    "zhzzzc_step_prompts.py:33": "openai.chat",
    "zhzzzc_step_prompts.py:33 (arm at line 32)": "openai.chat",
    "zhzzzd_store_rows.py:31": "openai.chat",
    "zhzzze_aliased_sender.py:24": "client of openai.chat",
    "zhzzzf_channel_bot/persona.txt": "text file",
    "zhzzzf_channel_bot/replies.py:30": "client of langchain.model.call",
    "zhzzzg_optional_import.py:20": "langchain.PromptTemplate",
    "zhzzzh_uploaded_texts/summary.py:30": "openai.chat",
    "zhzzzi_retry_hint.py:24": "openai.chat",
    "zhzzzj_conditional_rules.py:26": "openai.chat",
    "zhzzzk_handed_llm/model_call.py:8": "openai.chat",
    "zhzzzk_handed_llm/run.py:10": "client of openai.chat",
    "zhzzzl_gemini_built_prompt.py:25": "google_genai.GenerativeModel.generate_content",
    "zhzzzm_predict_text.py:20": "langchain.model.call",
    "zhzzzn_foreign_prompts/entrevista.py:3": "text",
    "zhzzzn_foreign_prompts/evaluacion.txt": "text file",
    "zhzzzo_two_clients/crawl/llm.py:8": "openai.chat",
    "zhzzzo_two_clients/notes/app.py:11": "client of openai.chat",
    "zhzzzp_cli_input_file.py:36": "http.post",
    "zhzzzq_branch_text.py:20": "anthropic.messages",
    "zhzzzr_command_lines/agents.py:20": "cli.claude",
    "zhzzzr_command_lines/agents.py:26": "cli.gemini",
    "zhzzzr_command_lines/agents.py:35": "cli.codex",
    "zhzzzr_command_lines/agents.py:41": "cli.llm",
    "zhzzzr_command_lines/agents.py:46": "cli.ollama",
    "zhzzzs_claude_agent_sdk.py:16": "claude_agent_sdk.query",
    "zhzzzs_claude_agent_sdk.py:24": "claude_agent_sdk.ClaudeSDKClient.query",
    "zhzzzt_unreachable_return.py:45": "client of http.post",
    "zhzzzt_unreachable_return.py:50": "client of http.post",
    "zhzzzu_chat_model_client/api.py:14": "client of langchain.chat_model.invoke",
    "zhzzzu_chat_model_client/api.py:18": "langchain.chat_model.invoke",
    "zhzzzu_chat_model_client/api.py:24": "langchain.PromptTemplate.from_template",
    "zhzzzv_override_prompt.py:28": "anthropic.messages",
    "zhzzzv_override_prompt.py:28 (arm at line 24)": "anthropic.messages",
    "zhzzzw_chat_turns.py:21": "google_genai.chats",
    "zhzzzw_chat_turns.py:23": "google_genai.chat.send_message",
    "zhzzzw_chat_turns.py:24": "google_genai.chat.send_message",
    "zhzzzx_option_template/cards.py:28": "client of openai.chat",
    "zhzzzx_option_template/prompts/quiz.md": "text file",
    "zhzzzx_option_template/quiz.py:15": "openai.chat",
    "zhzzzy_app_state/main.py:24": "openai.chat",
    "zhzzzz_prompt_versions/planner.py:15": "anthropic.messages",
    "zhzzzz_prompt_versions/planner.py:15 (zhzzzz_prompt_versions/prompts/v2/system.md)":
        "anthropic.messages",
    "zhzzzzb_session_counter.py:30": "openai.chat",
    "zhzzzzc_settings_helper/digest.py:23": "openai.chat",
    "zhzzzzd_shipped_data/triage.py:33": "openai.chat",
    "zhzzzzd_shipped_data/triage.py:62": "openai.chat",
    "zhzzzze_entry_set_later.py:29": "openai.chat",
    "zhzzzzf_crew_positional/crew/config/agents.yaml:2": "config tutor",
    "zhzzzzg_keyed_by_attribute/reviewer.py:26": "openai.chat",
    "zhzzzzh_mood_state.py:30": "openai.chat",
    "zhzzzzi_message_generator.py:41": "openai.chat",
    "zhzzzzj_own_chat_method/tutor.py:25": "client of openai.chat",
    "zhzzzzk_client_or_default.py:32": "client of openai.chat",
    "zhzzzzl_chain_by_form/chains.py:9": "langchain.ChatPromptTemplate",
    "zhzzzzm_chain_filled_below.py:7": "langchain.ChatPromptTemplate",
    "zhzzzzn_free_text_option.py:23": "openai.chat",
    "zhzzzzo_escaped_braces.yaml:7": "config messages",
    "zhzzzzp_log_named_by_agent/chat.py:33": "openai.chat",
    "zhzzzzq_prompt_service/prompts/triage.txt": "text file",
    "zhzzzzq_prompt_service/triage.py:13": "openai.chat",
    "zhzzzzr_transcribed_words.py:25": "http.post",
    "zhzzzzs_thread_parts.py:21": "openai.threads.messages",
    "zhzzzzt_nested_prompt_table.py:8": "text",
    "zhzzzzu_setup_question.py:24": "openai.chat",
    "zhzzzzv_baml/baml_src/support.baml:26": "baml TriageTicket",
    "zhzzzzv_baml/baml_src/support.baml:43": "baml ThankYou",
    "zhzzzzw_loop_history.py:23": "openai.chat",
    "zhzzzzx_count_param.py:17": "openai.responses",
    "zhzzzzy_voice_turn.py:36": "client of http.post",
    "zhzzzzz_unpacked_context/app.py:26": "langchain.chat_model.invoke",
    "zhzzzzza_clock_tuple.py:27": "openai.chat",
    "zhzzzzzb_socket_history/server.py:20": "client of openai.chat",
    "zhzzzzzc_awaited_search/notes.py:18": "openai.chat",
    "zhzzzzzd_run_folder.py:39": "anthropic.messages",
    "zhzzzzze_code_after_return.py:16": "openai.chat",
    "zhzzzzzf_section_rows/runner.py:6": "client of openai.chat",
    "zhzzzzzg_dead_caller/app.py:15": "anthropic.messages",
    "zhzzzzzg_dead_caller/helpers.py:5": "text",
    "zhzzzzzh_guarded_tuple.py:23": "openai.chat",
    "zhzzzzzi_text_buffer.py:30": "mistral.chat",
    "zhzzzzzj_retried_lambda.py:39": "anthropic.messages",
    "zhzzzzzk_scratch_branch/main.py:38": "anthropic.messages",
    "zhzzzzzl_conversation_object/commit_message.py:22": "client of mistral.chat",
    "zhzzzzzm_joined_tools.py:34": "anthropic.messages",
    "zhzzzzzn_message_objects.py:40": "client of openai.chat",  # `Client().chat(...)`
    "zhzzzzzo_settings_default/api.py:14": "langchain.ChatPromptTemplate",
    "zhzzzzzp_loader_root/personas/critic/prompt.md.j2": None,
    "zhzzzzzq_package_prompt/scribe/commit.py:24": "openai.chat",
    "zhzzzzzr_breakpoint_unknown.py:15": "anthropic.messages",
    "zhzzzzzs_import_time_history.py:13": "langchain.ChatPromptTemplate",
    "zhzzzzzt_command_closure.py:33": "openai.chat",
    "zhzzzzzu_formatted_facts/api.py:12": "openai.chat",
    "zhzzzzzv_shell_example.py:5": "text",
    "zhzzzzzw_subclass_strategy/judge_prompts.json:8": "config stepwise",
    "zhzzzzzw_subclass_strategy/judges.py:23": "openai.chat",
    "zhzzzzzw_subclass_strategy/judges.py:23 (arm at line 30)": "openai.chat",
    "zhzzzzzx_replaced_elsewhere/api.py:16": "client of openai.chat",
    "zhzzzzzy_guide_appended/filters.py:19": "openai.chat",
    "zia_system_lifted/judge.py:16": "client of anthropic.messages",
    "zib_pipeline_variables/steps.py:20": "client of langchain.ChatPromptTemplate",
    "zib_pipeline_variables/steps.py:26": "client of langchain.ChatPromptTemplate",
    "zic_import_case/agent.py:11": "openai.chat",
    "zid_async_loader/prompts/draft_rule.txt": "text file",
    "zid_async_loader/rules.py:11": "openai.chat",
    "zie_template_handed/node.py:22": "client of langchain.ChatPromptTemplate",
    "zif_trimmed_return.py:8": "text",
    "zif_trimmed_return.py:30": "text",
    "zig_fresh_builder.py:24": "openai.chat",
    "zih_schema_in_text.py:45": "text",
    "zii_trimmed_history.py:38": "openai.chat",
    "zij_tool_registry/agent.py:22": "chat_api.chat",
    "zik_daily_script/direct.py:25": "openai.chat",
    "zik_daily_script/helper.py:16": "http.post",
    "zik_daily_script/helper.py:24": "client of http.post",
    "zik_daily_script/shop_app.py:10": "inferred",
    "zil_default_template/jobs.py:45": "client of http.post",
    "zil_default_template/prompts/merge.txt": "text file",
    "zim_config_globals/builder.py:18": "openai.chat",
    "zin_scene_global.py:26": "openai.chat",
    "zin_scene_global.py:38": "openai.chat",
    "zio_rules_after_history/desk.py:18": "openai.chat",
    "zio_rules_after_history/lookup.py:15": "openai.chat",
    "zip_lazy_provider/providers.py:13": "openai.chat",
    "zip_lazy_provider/rhymes.py:12": "client of http.post",
    "zir_completion_wrapper/receipts.py:19": "client of http.post",
    "zis_sorted_choices.py:23": "openai.chat",
    "zit_loaded_transcript.py:23": "openai.chat",
    "ziu_module_template_filled/session.py:20": "text",
    "ziu_module_template_filled/session.py:37": "litellm.completion",
    "ziv_returned_payload.py:37": "openai.chat",
    "ziw_playground_chat/outreach.py:26": "openai.chat",
    "ziw_playground_chat/prompts.py:3": "text",
    "zix_message_history.py:29": "langchain.chat_model.invoke",
    "ziy_filtered_sections.py:35": "anthropic.messages",
    "ziz_store_global.py:43": "client of openai.chat",
    "zhzzzzt_nested_prompt_table.py:18": "text",
    "ze_template_in_code.py:22": "jinja.Template",  # also measured alone; the message's stand
    "ze_template_in_code.py:23": "openai.chat",
    "zf_settings_object/dispatch.py:29": "openai.chat",
    "zf_settings_object/settings/prompts.toml:3": "config ticket_prompt",
    "zg_image_parts.py:20": "openai.chat",
    "zh_prompt_set.toml:3": "config (top)",  # two prompts of one mapping, each its own
    "zh_prompt_set.toml:11": "config (top)",
    "zi_labelled_form.py:5": "langchain.PromptTemplate.from_template",
    "zj_default_persona/guide.py:26": "openai.chat",
    "zk_changed_file/app/tools/triage.py:8": "client of http.post",
    "zk_changed_file/prompts/triage.txt": None,
    "zl_changed_constants/desk.py:13": "openai.chat",
    # posts to /api/embeddings and /v1/embeddings embed text: only /api/generate is a prompt
    "zm_embeddings.py:19": "http.post",
    # either arm of an if/else: the one with the instructions and passages is what is measured
    "zn_either_arm.py:33": "client of openai.chat",
    # `self.llm.ask(...)` on a model object the caller gives: the nearest direct client
    "zp_injected_llm/agents.py:31": "client of http.post",
    "zp_injected_llm/agents.py:40": "client of http.post",
    "zp_injected_llm/agents.py:48": "client of http.post",
    "zp_injected_llm/examples/demo.py:5": "client of http.post",
    # prompts in a YAML file with `<<SLOT>>` slots, each measured on its own
    "zq_slot_prompts.yaml:2": "config (top)",
    "zq_slot_prompts.yaml:8": "config (top)",
    # prompt text a method assigns and hands to the project's template class
    "zr_local_prompts/chains.py:17": "text",
    "zr_local_prompts/pipeline.py:13": "text",
    "zr_local_prompts/pipeline.py:23": "text",
    "zr_local_prompts/reviewer.py:15": "text",
    "zs_inferred_template.py:12": "inferred",
    # a command's `execute(message)` is a client; a database cursor's `execute(sql)` is not
    # (an object sqlite3 made, a parameter or a factory annotated as one, a SQL statement)
    "zt_command_bot/storage.py:39": "client of http.post",
    # a comprehension over the kept messages is the history; `msgs = [x] + msgs` reads the
    # messages of before
    "zu_code_context.py:30": "openai.chat",
    # a command's tool loop: tools stored in the body after it is made, `tools if step < 3
    # else None` the tools, the schema's arm of an if/else taken; the fallback's generate
    "zw_tool_loop/dispatch.py:3": "client of http.post",
    "zw_tool_loop/dispatch.py:3 (via zw_tool_loop/helper.py:38)": "client of http.post",
    # `self.assistant.complete(messages=...)`: the project's client an attribute holds runs,
    # with the date it puts first (not a keyword inferred into code not in view)
    "zx_held_client/service.py:14": "client of openai.chat",
    # a module of LlamaIndex templates, and the chat engine another module makes with one
    "zy_template_module/engine.py:7": "llama_index.context chat engine, context prompt",
    "zy_template_module/templates.py:5": "llama_index.PromptTemplate",
    # a planner's call of whichever backend it was given (test_providers pins the provider)
    "zab_backends/planner.py:24": "client of openai.chat",
    # a prompt file in Chinese, measured on its own as one in English is
    "zac_chinese/summarize_chat.prompt": "text file",
    "zad_kept_turns.py:30": "inferred",
    "zae_compaction/compact.py:26": "client of litellm.completion",
    "zaf_cast_backend/triage.py:18": "client of ollama.chat",
    "zag_message_thread/search_step.py:26": "openai.chat",
    "zah_prompt_parts/assemble.py:19": "litellm.completion",
    "zai_platform_keys.py:25": "text",
    "zaj_registered_templates.py:23": "text",  # held by an object of the project
    "zak_filled_elsewhere/reviewer.py:12": "text",  # not its constant, measured alone
    # instructions an agent loop calls on every step: a function inside the builder
    "zal_agent_steps/planner.py:9": "text",
    "zal_agent_steps/planner.py:26": "text",
    "zal_agent_steps/synth.py:9": "text",  # an f-string template with escaped fields
    # the writer the desk holds runs, found through its package's re-exports (`import *`)
    "zam_reexported/desk.py:13": "client of inferred",
    "zam_reexported/writers/chart.py:13": "inferred",
    "zan_message_files/coach.yaml:4": "config messages",
    "zan_message_files/triage.json:4": "config (messages)",
    # Gemini's Content(role=, parts=[...]): audio clips, then rules read from a file under
    # a folder the environment names; the audio's tokens are not counted, so the prompt is
    # not judged below the provider's minimum
    "zao_gemini_audio/transcribe.py:21": "google_genai.generate_content",
    # a chat passed by position to a model object of a library, as it stands at the call
    # (its appends included; json.dumps of it only reads it)
    "zap_positional_chat/grade.py:32": "inferred",
    # Jinja settings: the single braces of a code example in the prompt are text
    "zaq_jinja_settings/analyst.yaml:3": "config (top)",
    # few-shot tool calls: their ids and the tool results' call ids are sent; the items
    # of a constant list of pairs are constant
    "zar_example_call_ids.py:38": "openai.chat",
    # a template passed in by a parameter whose default is the prompt text, filled by
    # .partial(): measured there, the text not again on its own
    "zas_template_default/builder.py:14": "langchain.PromptTemplate",
    # chats written out as (role, text) pairs for a project's template class, measured alone
    "zat_chat_object/outline.py:6": "text",
    "zat_chat_object/outline.py:25": "text",
    # a Jinja template in code rendered beside it: the render's values, not the names
    "zau_inline_render.py:21": "jinja.Template",
    # what an object is made with (__init__'s parameters, no construction in view)
    "zav_made_once.py:18": "openai.chat",
    "zaw_default_form.py:16": "openai.chat",  # a parameter's constant default
    # a caller's value, then what the helper's own statements do to it: `history=None`
    # replaced by `[]`, `messages = messages + [...]`
    "zax_none_history.py:28": "client of openai.chat",
    "zax_none_history.py:33": "client of openai.chat",
    "zay_param_rebuilt.py:25": "client of openai.chat",
    "zay_param_rebuilt.py:37": "client of openai.chat",
    # a Mustache template under a prompt-ish keyword, filled by code not in view
    "zaz_mustache_keyword.py:10": "inferred",
    "zaza_keyed_prompts.py:21": "openai.chat",  # a dict of prompts looked up by a name
    # a text named for a template, joined to a constant of another module, measured alone
    "zazc_joined_template/letters.py:5": "text",
    # a branch on a flag (`brief: bool`): two texts, each shared; no finding
    "zazd_flag_branch.py:19": "openai.chat",
    # a client whose SDK call is made by an inner function reading its parameters
    "zaze_retried_client/support.py:13": "client of openai.chat",
    "zaze_retried_client/support.py:18": "client of openai.chat",
    # an object holding prompts as attributes named for a YAML file's top-level keys
    "zazf_prompt_attributes/planner.py:19": "openai.chat",
    # prompt files a package ships, read with importlib.resources
    "zazg_package_prompts/helpdesk/desk.py:10": "anthropic.messages",
    # a constant example written out by a drop-in JSON library (`import ujson as json`)
    "zazh_drop_in_json.py:18": "openai.chat",
    # a plugin's tool spec returned to a manager not in view, a date in its description
    "zazi_plugin_spec.py:14": "text",
    # a prompt class whose base renders the template the subclass names
    "zazj_prompt_classes/support/desk.py:8": "openai.chat",
    "zazj_prompt_classes/support/prompts/templates/triage.j2": None,
    # a system message an object's constructor reads (`Prompt(file_path=...)` names a type,
    # not a request's prompt) and `response_format=None`: nothing to report
    "zazk_prompt_object.py:34": "litellm.completion",
    # a prompt file whose slots are marked with dollars (`<$question$>`, `{$history}`)
    "zazn_marked_slots/prompts/navigator.prompt": "text file",
    # a list kept as an entry of a table of prompts (`PROMPTS["ENTITY_LABELS"]`), joined in
    "zazo_table_lists.py:17": "openai.chat",
    # a `string.Template` text a subclass's `get_template()` returns (its braces are text)
    "zazp_template_method.py:16": "text",
    # code under `if False:` (an old prompt kept for reference) is never run: no finding
    "zazq_disabled_branch.py:14": "openai.chat",
    "zazr_scheme_loader/handoff/desk.py:12": "openai.chat",
    # a settings file that writes the user's message above the system text: the system
    # message is sent first all the same, so the message ends the prompt (no finding)
    "zazs_system_key_below.yaml:7": "config (top)",
    "zazt_docstring_prompts/release_notes.py:7": "outlines.prompt",
    "zazt_docstring_prompts/release_notes.py:25": "outlines.prompt",
    # a settings file's text the code looks up by its key (`text("handoff_instruction")`)
    "zazu_keyed_texts/desk/summary.py:15": "openai.chat",
    "zazu_keyed_texts/desk/texts.json:4": "config texts",
    "zazv_regex_slots.py:20": "http.post",
    # what `parser.parse_args()` returns is fixed for the run (`args.project_id`): no finding
    "zazw_command_line.py:21": "anthropic.messages",
    # instructor's patched Anthropic client takes the system prompt as `system=`
    "zazx_window_cursor.py:31": "client of openai.chat",
    "zazy_appended_chat.py:19": "messages",
    "zazz_object_names.py:23": "openai.chat",
    "zazz_object_names.py:34": "openai.chat",
    # `model = BasicModel()` or `HostedModel()` by a setting: the arm that sends is followed
    "zba_graded_client/review.py:12": "client of anthropic.messages",
    "zbb_constant_examples.py:23": "pydantic_ai.decorated",
    # a constant's code braces are text, and `turns: int` is a setting: no finding
    "zbc_counted_turns.py:15": "text",
    "zbc_counted_turns.py:22": "text",
    "zbd_script_passes.py:35": "openai.chat",
    "zbe_chat_loop.py:20": "anthropic.messages",
    # magentic's decorators: a JSON example in escaped braces is text, not a Jinja error
    "zbf_decorated_chat/steps.py:10": "magentic.prompt",
    "zbf_decorated_chat/steps.py:18": "magentic.chatprompt",
    "zbg_schema_sample.py:14": "openai.chat",
    # a class's name, docstring and JSON schema, passed by its caller, are the code's: no finding
    "zbh_answer_schema.py:35": "client of openai.chat",
    "zbi_legacy_sdk.py:19": "openai.chat-v0",
    "zbi_legacy_sdk.py:28": "openai.completions",  # one prompt string, its article last
    "zbj_registry.py:27": "client of openai.chat",
    "zbk_flask_handler.py:20": "openai.chat",
    # a model class defined in the function that sends: its schema is the code's, no finding
    "zbl_local_answer_class.py:20": "openai.chat",
    "zbm_prompt_class.py:9": "text",
    "zbn_cached_catalog.py:25": "openai.chat",
    "zbo_date_tag/chat.py:16": "openai.chat",
    # one function makes both templates: each is a prompt of the caller's call
    "zbp_two_templates/views.py:5": "client of llama_index.PromptTemplate",
    "zbp_two_templates/views.py:5 (via zbp_two_templates/synth.py:33)":
        "client of llama_index.PromptTemplate",
    "zbq_message_objects/digest.py:20": "client of openai.chat",
    # few-shot pairs of a constant list, written out by a helper: no finding
    "zbr_example_pairs.py:41": "openai.chat",
    "zbs_item_fields.py:15": "openai.chat",
    "zbt_prompt_loader/compact.py:10": "litellm.completion",
    "zbu_labelled_rows.py:22": "openai.chat",
    # a tool's result sent back after the conversation: this request's, no finding
    "zbv_tool_table.py:24": "openai.chat",
    "zbv_tool_table.py:31": "openai.chat",
    "zbw_card_lines.py:23": "openai.chat",
    "zbx_configured_dict/answer.py:14": "openai.chat",
    "zbx_configured_dict/main.py:14": "client of openai.chat",
    "zby_llm_parameter.py:18": "inferred",
    "zbz_instance_prompt.py:15": "text",
    "zca_keyword_client/grader.py:15": "client of http.post",
    "zcb_replace_loop.py:23": "http.post",
    "zcc_threaded_client/checker.py:14": "client of http.post",
    "zcd_script_loop.py:23": "http.post",
    "zce_default_none/app.py:12": "client of openai.chat",
    "zcf_rubric_judge.py:39": "client of http.post",
    "zcg_prompter_methods.py:16": "text",
    "zcg_prompter_methods.py:25": "messages",
    "zch_jinja_parts.py:11": "text",
    "zci_marker_constants.py:7": "text",
    "zcj_recursive_describer.py:42": "client of openai.chat-v0",
    "zck_game_prompts/guide.template": "text file",
    "zck_game_prompts/seeker.template": "text file",
    "zcl_sql_prompt.json:4": "config (top)",
    "zcm_judge_prompts.jsonl:1": "config 1",
    "zcm_judge_prompts.jsonl:2": "config 2",
    "zcn_namespace_clients/vision/describe.py:26": "client of inferred",
    "zco_part_blocks.py:40": "client of litellm.completion",
    "zco_part_blocks.py:41": "client of litellm.completion",
    "zcp_prompt_table.yaml:8": "config prompts",
    "zcp_prompt_table.yaml:16": "config prompts",
    "zcp_prompt_table.yaml:24": "config prompts",
    "zcq_chatml_judges/grade_answer.txt": "text file",
    "zcq_chatml_judges/pick_better.txt": "text file",
    "zcr_conditional_parts.py:38": "openai.chat",
    "zcs_agent_memory/agents.py:31": "client of openai.chat",
    "zct_media_first/scanner/reader.py:28": "google_genai.generate_content",
    "zct_media_first/scanner/reader.py:43": "openai.chat",
    "zcu_locale_loader/locale_bot/translator.py:32": "openai.chat",
    "zcu_locale_loader/locale_bot/translator.py:37": "openai.chat",
    "zcv_retry_turn.py:15": "openai.chat",
    "zcv_retry_turn.py:27": "openai.chat",
    "zcw_cached_templates/sqlbot/graph.py:23": "messages",
    "zcw_cached_templates/sqlbot/graph.py:38": "inferred",
    "zcx_folder_judge/judge.py:29": "client of openai.chat",
    "zcy_chosen_prompt/copy_prompts.py:18": "text",
    "zcy_chosen_prompt/review.py:27": "openai.chat",
    # the other whole prompt the `if` assigns, measured as one of its own
    "zcy_chosen_prompt/review.py:27 (arm at line 26)": "openai.chat",
    "zcy_chosen_prompt/writer.py:16": "openai.chat",
    "zcz_unescaped_md/extract.py:19": "openai.chat",
    "zcz_unescaped_md/validate.py:22": "openai.chat",
    # the instructions' file is also measured on its own: the loader reads it by a path it
    # builds, not by a template name
    "zbt_prompt_loader/prompts/summarize_history.jinja2": None,
    "zct_media_first/scanner/prompts/receipt.j2": None,
    "zcu_locale_loader/locale_bot/templates/translate.jinja": None,
    "zcz_unescaped_md/prompts/extract.md": None,
    "zdd_indented_branches/prompts/classify.j2": None,
    # a base template is measured inside the template that extends it
    "zz_base_template/prompts/refund.j2": None,
    # Mustache templates in a folder of prompts, measured alone (a section is an `if`)
    "zo_mustache/prompts/review_profile.mustache": None,
    "zo_mustache/prompts/write_profile.mustache": None,
    "zi_labelled_form.py:24": "langchain.PromptTemplate.from_template",
    "prompts/research_step.txt": "text file",  # also measured alone; code's findings stand
    "prompts/sql_task.md": "text file",
    "u_review_settings.toml:3": "config review_failure_prompt",
    "s_settings_file/settings.yaml:11": "config escalation",
    "settings_app/graph.py:9": "langchain.ChatPromptTemplate",
    "t_service_settings.json:7": "config Assistant",
    # prompt files in a folder of prompts, measured alone as well as where code renders them
    "agents/prompts/planner.md": None,
    "prompts/optimizer.md": None,
    "templates/reviewer/review.prompt": None,
}

MODEL_FINDINGS = [
    ("PFX005", "ag2_update_system.py", 15, 41),  # AG2 writes the system message each reply
    ("PFX004", "agent_framework_agent.py", 16, 38),  # Agent(client, instructions): the day
    ("PFX006", "agent_framework_app.py", 21, 33),  # a context provider's documents, then
    ("PFX006", "agent_framework_app.py", 21, 53),  # the run's messages (the history)
    ("PFX005", "agentscope_app.py", 8, 66),  # sys_prompt=, then the agent's memory
    # Agno writes the time after the instructions, before the expected output and history;
    # agent.run(message) sends the listing before the rules
    ("PFX006", "agno_app.py", 15, 34),
    ("PFX005", "agno_app.py", 33, 46),
    ("PFX002", "agno_memories.py", 13, 27),  # what Agno remembers of the user, then its
    ("PFX002", "agno_memories.py", 26, 26),  # memory tool's rules; a team's, before its own
    ("PFX002", "autogen_app.py", 8, 55),
    # a team from the project's factory runs a task whose timeline opens it; an agent runs
    # a task after its system message, where the ticket's customer sits before the rules
    ("PFX005", "autogen_team.py", 24, 46),
    ("PFX006", "autogen_team.py", 34, 53),
    ("PFX002", "autogen_team.py", 34, 68),
    ("PFX005", "bedrock_agent_app.py", 19, 64),  # an agent's input: the steps follow it
    ("PFX002", "bedrock_app.py", 11, 43),
    ("PFX003", "cohere_app.py", 11, 50),
    ("PFX005", "crew_app.py", 6, 11),     # {topic} from kickoff(inputs=...) opens the role
    ("PFX005", "crew_app.py", 12, 44),
    ("PFX005", "crew_goal_app.py", 9, 74),  # CrewAI's answer format follows the goal
    ("PFX006", "dspy_history_field.py", 16, 5),  # the new message before the history
    ("PFX001", "gemini_app.py", 16, 47),
    ("PFX002", "gemini_app.py", 36, 48),  # the older package's model.generate_content(text)
    # a chat object's send_message: after the system instruction, and after the turns
    # `start_chat(history=...)` gave it (the policy behind them is read again each time)
    ("PFX005", "gemini_app.py", 44, 47),
    ("PFX003", "gemini_app.py", 51, 78),
    # Google ADK: `instruction=` whose `{key}`/`{key?}` the session state fills every call
    ("PFX002", "google_adk_app.py", 10, 73),
    ("PFX005", "google_adk_app.py", 11, 20),
    ("PFX002", "google_adk_json_app.py", 5, 9),  # `{name?}` beside a JSON example's braces
    # `{{ draft }}` (another agent's output) and `{user:...}`; `{app:...}` is the deployment's
    ("PFX005", "google_adk_state_app.py", 16, 20),
    ("PFX002", "google_adk_state_app.py", 17, 28),
    ("PFX005", "guidance_app.py", 12, 28),  # `with user(): chat += ...`, then gen()
    ("PFX004", "haystack_app.py", 3, 29),
    ("PFX001", "haystack_generator.py", 16, 30),  # generator.run(prompt), made in __init__
    ("PFX002", "hf_app.py", 12, 53),      # two values side by side: each is reported
    ("PFX001", "hf_app.py", 12, 66),
    ("PFX004", "lagent_app.py", 30, 18),  # template=, then the parser's template; subclassed
    ("PFX001", "langchain_chat_from_template.py", 4, 66),  # one human message's template
    # LangChain 0.x models called as functions: `llm(prompt)`, `chat(messages)`
    ("PFX001", "langchain_legacy_call.py", 17, 29),
    ("PFX001", "langchain_legacy_call.py", 21, 53),
    # a message template filled where it is made; class attributes are the code's own
    ("PFX002", "langchain_message_format.py", 5, 42),
    # a ReAct agent's prefix, before the tools and the library's own answer format
    ("PFX002", "langchain_react_agent.py", 10, 22),
    ("PFX005", "langchain_template.py", 4, 35),
    ("PFX001", "litellm_alias.py", 14, 76),  # `litellm.acreate(**request)`, the old alias
    # LiveKit: `super().__init__(instructions=...)` in an Agent subclass, then the call's
    # conversation; `self.update_instructions(...)` replaces them mid-call
    ("PFX006", "livekit_app.py", 10, 48),
    ("PFX005", "livekit_app.py", 14, 65),
    ("PFX006", "llama_chat_engine.py", 5, 12),  # retrieved context before the history
    ("PFX002", "llama_chat_messages.py", 5, 34),  # ChatMessages of a ChatPromptTemplate
    ("PFX006", "llama_context_prompt.py", 4, 44),  # {context_str} of a context prompt
    ("PFX004", "llama_cpp_app.py", 16, 51),  # llama-cpp-python's chat completion
    ("PFX005", "llama_cpp_app.py", 29, 33),  # the Llama object called itself
    ("PFX006", "llama_default_engine.py", 6, 12),  # the default prompt: context, then history
    ("PFX006", "llama_engine_class.py", 7, 12),  # the engine's class called itself
    ("PFX005", "llama_rich_template.py", 5, 1),  # a RichPromptTemplate is Jinja
    ("PFX005", "llama_synth_app.py", 16, 63),  # a synthesizer's texts before its query
    ("PFX006", "llama_template_object.py", 9, 6),  # a PromptTemplate object as the prompt
    ("PFX005", "llamabot_app.py", 6, 37),  # a docstring `@prompt("system")` renders
    ("PFX002", "mistral_app.py", 10, 58),
    ("PFX005", "mlx_app.py", 13, 23),  # MLX LM runs a text prompt in process
    ("PFX001", "ollama_app.py", 11, 50),
    ("PFX001", "ollama_app.py", 22, 58),
    # the Assistants API: a thread's newest message, a run's additional instructions
    ("PFX005", "openai_assistant.py", 14, 26),
    ("PFX005", "openai_assistant.py", 14, 45),
    ("PFX005", "openai_assistant.py", 17, 52),
    ("PFX006", "pydantic_factory.py", 24, 37),  # @agent.instructions inside the factory
    # one run's instructions (the reviewer's language first), its user prompt after them
    ("PFX002", "pydantic_run.py", 22, 23),
    ("PFX005", "pydantic_run.py", 23, 51),
    ("PFX002", "sk_app.py", 8, 56),
    ("PFX002", "smol_app.py", 8, 51),
    ("PFX005", "strands_agent.py", 24, 2),  # `agent(request)`: the resume before the job
    ("PFX001", "vllm_app.py", 13, 26),  # one request of a batch vLLM's offline engine runs
]


def _json(root: Path) -> dict:
    proc = run_cli("check", "--output-format", "json", "--no-cache", cwd=root)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def reach() -> dict:
    return _json(REACH)


@pytest.fixture(scope="module")
def models() -> dict:
    return _json(MODELS)


def test_reach_findings_are_exactly_the_expected_ones(reach):
    got = [(f["code"], f["path"], f["line"], f["column"]) for f in reach["findings"]]
    assert got == REACH_FINDINGS


def test_labels_written_with_every_row_of_a_list_are_not_constant_text(reach):
    """`listing += f"<table name>{t['name']}</table name>..."` over a list passed in: the
    labels repeat with each row, so moving the day below the rows gains only the short tail
    after them (counted as constant text, the labels made it 61 tokens, a warning's worth)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zbu_labelled_rows.py:22"]
    assert prompt["gain_tokens"] == 11
    assert not [f for f in reach["findings"] if f["path"] == "zbu_labelled_rows.py"]


def test_a_parameter_left_at_none_adds_no_message(reach):
    """`if system_prompt:` and `[...] if messages else []` of parameters the caller left at
    their default `None` add nothing: the prompt is the one user message the caller's text
    makes (`to_message_dict(Message(role="user", content=prompt))`, a static method whose
    first parameter is the message, not the object)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zce_default_none/app.py:12"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (86, 14)


def test_a_settings_text_looked_up_by_its_key_names_the_code_that_fills_it(reach):
    """The finding stands in the JSON file; the code that looks the text up by its key, where
    the conversation is passed, is where the fix is made: a related place."""
    [found] = [f for f in reach["findings"] if f["path"] == "zazu_keyed_texts/desk/texts.json"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zazu_keyed_texts/desk/summary.py", 14)]


def test_a_helper_is_the_deployments_only_when_it_reads_nothing_but_literal_tables(tmp_path):
    """`zhp_table_helper.py`'s examples, made from two literal dicts, are the deployment's;
    the same examples drawn from the table at random, or made from a table the request
    fills, stay values before the rules."""
    (tmp_path / "bot.py").write_text('''import random

from openai import OpenAI

client = OpenAI()

NAMES = {"swap": "trade", "coins": "funds", "vault": "escrow", "ping": "status check"}
RULES = ("Keep the query to one or two sentences. Do not answer the question, do not add "
         "advice, and do not change what the user asks about. Keep product names exactly as "
         "the user wrote them, and keep any version number the user gave. Answer with one "
         "JSON object holding the keys rewritten_query and was_rewritten, and nothing else.")
LEARNED = {}


def listed() -> str:
    return "; ".join(sorted(f"{k} -> {v}" for k, v in NAMES.items()))


def drawn() -> str:
    return "; ".join(random.sample(sorted(NAMES), 2))


def learned() -> str:
    return "; ".join(f"{k} -> {v}" for k, v in LEARNED.items())


def ask_listed(question: str) -> str:
    return ask_with(question, listed())


def ask_drawn(question: str) -> str:
    return ask_with(question, drawn())


def ask_learned(question: str, corrections: dict) -> str:
    LEARNED.update(corrections)
    return ask_with(question, learned())


def ask_with(question: str, terms: str) -> str:
    return client.chat.completions.create(model="gpt-4.1-mini", messages=[
        {"role": "system", "content": f"Rewrite with these terms: {terms}\\n{RULES}"},
        {"role": "user", "content": question}]).choices[0].message.content
''')
    (tmp_path / "prefixlint.toml").write_text('provider = "generic"\n')
    found = _json(tmp_path)
    flagged = sorted((f["code"], f["line"], f["prompt"]) for f in found["findings"]
                     if f["severity"] != "info")
    # the drawn terms and the learned ones, where the client puts them; not the listed ones
    assert flagged == [("PFX001", 42, "bot.py:32"), ("PFX005", 42, "bot.py:37")]


def test_a_value_made_in_one_module_names_where_another_puts_it_into_the_prompt(reach):
    """Passages found in `search.py` and passed through a parameter: the finding stands where
    they are made and names the builder's line that puts them above the rules (where the fix
    is made), then the call that sends the prompt."""
    [found] = [f for f in reach["findings"] if f["path"] == "zdj_placed_context/search.py"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zdj_placed_context/prompting.py", 6), ("zdj_placed_context/app.py", 11)]


def test_a_choice_formatted_into_a_prompt_file_names_the_line_above_its_placeholder(reach):
    """`base.format(READ_INSTRUCTIONS=reading)`, `reading` read from one of two files chosen
    by a test of the run: the finding stands at the test and names the prompt file's line
    just above the placeholder, where the chosen text is put."""
    [found] = [f for f in reach["findings"] if f["path"] == "zdy_branch_insert/agent.py"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zdy_branch_insert/prompts/analyst.md", 6)]


def test_a_loader_s_fallback_folder_links_the_prompt_file_to_the_call_that_sends_it(reach):
    """`load_template(settings.get("grading_prompt") or "grade.txt")`, whose loader joins its
    own prompts folder when the name is not a file: the file's finding names the line that
    passes the value into the file and the call."""
    [found] = [f for f in reach["findings"]
               if f["path"] == "zea_loader_fallback/prompts/grade.txt"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zea_loader_fallback/grader.py", 18), ("zea_loader_fallback/grader.py", 19)]


def test_a_prompt_file_a_loader_reads_by_agent_and_kind_names_the_code_that_fills_it(reach):
    """`load_prompt("planner", "system")` reads data/prompts/planner/system.md (a path
    joined from the module's folder, two parents up): the placeholder's finding names the
    line that fills it and the call that sends the prompt."""
    [found] = [f for f in reach["findings"]
               if f["path"] == "zdo_prompt_folders/data/prompts/planner/system.md"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zdo_prompt_folders/app/plan.py", 9), ("zdo_prompt_folders/app/plan.py", 10)]
    assert "passed at zdo_prompt_folders/app/plan.py:9" in found["message"]


def test_every_prompt_says_what_sends_it(reach):
    assert {p["id"]: p["sink"] for p in reach["prompts"]} == REACH_SINKS
    # one prompt per call site: a client method sending from either branch is called once
    assert [p["id"] for p in reach["prompts"]].count("q_two_sends.py:22") == 1
    by_prompt = {f["prompt"]: f["sink"] for f in reach["findings"]}
    assert by_prompt["i_inferred.py:11"] == "inferred"


def test_a_prompt_names_each_of_its_files_once(reach):
    """The module that sends a prompt comes first and no file is named twice, also when
    the prompt's text is read back from the sending module itself."""
    for prompt in reach["prompts"]:
        assert len(prompt["files"]) == len(set(prompt["files"])), prompt["id"]
    sent = next(p for p in reach["prompts"] if p["id"] == "q_two_sends.py:22")
    assert sent["files"] == ["q_two_sends.py", "rules_text.py"]


@pytest.mark.parametrize("path", [
    "zazl_html_report.py",  # an HTML report rendered with `env.from_string(PAGE).render()`
    "zazm_json_example.py",  # `{{"name": ...}}` in an f-string: a JSON example, no field
])
def test_text_that_is_no_prompt_template_is_not_measured(reach, path):
    """A page for people is not measured, whatever values fill it; a JSON example's braces
    are not placeholders (`.format` would refuse them), so constant text is not a template."""
    assert not [p["id"] for p in reach["prompts"] if p["path"] == path]
    assert not [f for f in reach["findings"] if f["path"] == path]


def test_a_short_tail_after_the_value_in_the_last_message_is_not_reported(reach):
    """H: the message to label sits in the final user message, followed by two short lines."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "h_short_tail.j2")
    assert prompt["break"]["expr"] == "message"
    assert prompt["share"]["global"] > 0.8
    assert not any(f["path"] == "h_short_tail.j2" for f in reach["findings"])


def test_values_with_only_labels_after_them_in_the_last_message_are_info():
    """Role-aware: a session and a request value in the final user message, followed there
    only by the tags around the request's other values, gain 64 and 40 tokens but are info
    (shown with --fail-on info, with the reason)."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "m_values_at_the_end.py", cwd=REACH)
    found = [(f["line"], f["severity"], f["gain_tokens"]) for f in json.loads(proc.stdout)[
        "findings"] if f["code"] in ("PFX001", "PFX003") and f["line"] < 25]
    assert found == [(11, "info", 64), (14, "info", 40)]
    assert all("only labels of the request's values follow it" in f["message"]
               for f in json.loads(proc.stdout)["findings"] if f["line"] in (11, 14))


def test_what_an_object_is_made_with_is_what_the_project_makes_it_with(reach):
    """`Outline(topic=topic, ...)` in a Streamlit script, whose top level runs again on every
    message (what `st.text_area` returns is that run's request, not a value read once at
    import): the constructor's `topic` is the request's, so the template the object fills
    (found through the path a settings class holds) breaks at it, and the finding names
    where the value comes from and the code that fills the template."""
    finding = next(f for f in reach["findings"]
                   if f["path"] == "zgd_streamlit_outline/outliner/prompts/outline.txt")
    assert (finding["code"], finding["scope"]) == ("PFX001", "request")
    assert "from streamlit.text_area(), passed at zgd_streamlit_outline/app.py:9" in \
        finding["message"]
    assert [(r["path"], r["line"], r["column"]) for r in finding["related"]] == [
        ("zgd_streamlit_outline/app.py", 9, 9),  # where the topic is typed
        ("zgd_streamlit_outline/outliner/outline.py", 14, 54),  # `topic=self.topic`
        ("zgd_streamlit_outline/outliner/outline.py", 14, 1)]  # the call that sends it


def test_a_prompt_file_an_async_helper_reads_on_a_thread_is_the_views(reach):
    """`await read_file(PROMPTS_DIRECTORY.joinpath(folder, "user.md"))`, where the folder is
    `Path("zgm_async_reader", "prompts")` and the helper reads the file in a function of its
    own run by `asyncio.to_thread` (a closure over the helper's `file_path`): the template is
    the view's prompt, so its finding names the view's call."""
    finding = next(f for f in reach["findings"]
                   if f["path"] == "zgm_async_reader/prompts/answer/user.md")
    assert (finding["code"], finding["scope"]) == ("PFX001", "request")
    assert [(r["path"], r["line"], r["column"]) for r in finding["related"]] == [
        ("zgm_async_reader/views.py", 26, 62),  # the query `.format` puts in
        ("zgm_async_reader/views.py", 25, 1)]  # the call that sends it


def test_a_value_passed_to_a_prompt_builder_in_another_file_names_the_line_that_passes_it(
        reach):
    """`system=coach_prompt(user.first_name)`, the builder's f-string in another module: the
    finding stands at the builder's `{first_name}` and names the argument at the call, where
    the fix is made, before the call that sends the prompt."""
    finding = next(f for f in reach["findings"]
                   if f["path"] == "zgs_passed_argument/personas.py")
    assert "(from user.first_name, passed at zgs_passed_argument/chat.py:10," in \
        finding["message"]
    assert [(r["path"], r["line"], r["column"]) for r in finding["related"]] == [
        ("zgs_passed_argument/chat.py", 10, 57),  # `user.first_name`
        ("zgs_passed_argument/chat.py", 9, 1)]  # the call that sends it


def test_the_json_of_a_dict_written_out_is_its_constant_parts_as_json_dumps_writes_them(
        reach):
    """`json.dumps(prompt, indent=2)` of a dict the code writes out: the instruction and the
    schema are shared, written exactly as `json.dumps` writes them, up to the question's
    value; the constraints after the ticket are what moving the values would gain."""
    import tiktoken

    head = json.dumps({
        "instruction": "Classify the support ticket below and draft a first reply.",
        "schema": {"category": "billing | bug | how-to | other", "urgency": "1-5",
                   "reply": "string, at most 80 words"},
        "question": None}, indent=2).split("null")[0]
    expected = len(tiktoken.get_encoding("o200k_base").encode_ordinary("<|user|>\n" + head))
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhb_json_prompt.py:23")
    assert abs(prompt["prefix_tokens"]["global"] - expected) <= 2
    assert prompt["tokens_total"] > prompt["prefix_tokens"]["global"] + 90  # the constraints


def test_python_string_methods_in_a_template_and_other_template_languages_are_no_error(reach):
    """`{{ ", ".join(names) }}` in a template's loop over its examples: Python's join of
    sample values renders (it raised TypeError, a PFX900); a page's Mustache template held
    in a Python constant (`{{ #label }}`) is not taken for a Jinja prompt (it was a syntax
    error, a PFX900), nor is a prompt file whose double braces only describe a format in
    prose (`rested={{0–10}}`), which Jinja cannot parse."""
    assert [p["tokens_total"] > 60 for p in reach["prompts"]
            if p["id"] == "zhd_entity_prompt.jinja2"] == [True]
    assert not [f for f in reach["findings"] if f["path"].startswith(("zhd_", "zhe_"))]


def test_prompt_files_a_dict_collects_from_a_folder_are_the_files_its_keys_name(reach):
    """`PROMPTS["triage"]` of `{path.stem: path.read_text() for path in folder.glob("*.txt")}`
    and `BRIEFS["shift"]` of a loader's loop over `os.listdir(folder)` storing
    `briefs[filename[:-3]] = handle.read()`: each is the one file of its folder the key
    names, filled by the `.format` that follows, and its findings name the code that fills
    it."""
    found = {f["path"]: f for f in reach["findings"]
             if f["path"].startswith("zgr_prompt_registry/")}
    assert sorted(found) == ["zgr_prompt_registry/briefs/shift.md",
                             "zgr_prompt_registry/prompts/triage.txt"]
    shift = found["zgr_prompt_registry/briefs/shift.md"]
    assert (shift["code"], shift["prompt"]) == ("PFX004", "zgr_prompt_registry/planner.py:20")
    assert "from datetime.date.today(), passed at zgr_prompt_registry/planner.py:19" in \
        shift["message"]
    triage = found["zgr_prompt_registry/prompts/triage.txt"]
    assert [(r["path"], r["line"]) for r in triage["related"]] == [
        ("zgr_prompt_registry/planner.py", 12), ("zgr_prompt_registry/planner.py", 13)]


def test_a_name_a_top_level_statement_rebinds_from_itself_is_read_as_it_was_before(reach):
    """`seed = f"...<seed>{seed}</seed>"` at a Streamlit page's top level: the `seed` inside is
    what the statements before bound, so the wrapping is sent once (96 tokens in all); it
    was read as the statement's own result again, eight levels deep (189 tokens). The
    subject typed into the page breaks the prefix after the system message."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zge_seed_wrapped_once.py:24")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (96, 36)
    assert (prompt["break"]["expr"], prompt["break"]["scope"]) == ("subject", "request")


def test_a_form_of_values_and_labels_measured_alone_is_info():
    """Role-aware, for a template of the last user message: a question and its metadata, each
    under a short label (the version passed as a constant among them), gain 43 tokens by
    moving the question and the query's other values, all labels: info. The same value
    before a paragraph of review rules is reported. Both templates are filled by the
    module's own functions (`QUESTION_FORM.format(question=query.text, ...)`)."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "zi_labelled_form.py", cwd=REACH)
    findings = json.loads(proc.stdout)["findings"]
    assert [(f["line"], f["severity"], f["gain_tokens"]) for f in findings] == [
        (7, "info", 43), (26, "warning", 78)]
    assert findings[0]["message"].endswith(
        "(+43 tokens cacheable, only labels of the request's values follow it in the last message)")


def test_a_constructor_default_persona_is_followed_into_the_frame_it_is_formatted_into():
    """`__init__(self, persona=GUIDE_PERSONA)`, `self.persona.format(user_name=...)`, then
    `FRAME.format(persona=...)`: the visitor's name is reported where it stands in the
    persona (not at the frame's `{persona}`), the whole system prompt after it counted, and
    the line that fills the persona and the call that sends it named; the persona is not
    measured alone as well."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "zj_default_persona",
                   cwd=REACH)
    document = json.loads(proc.stdout)
    assert [(f["code"], f["path"], f["line"], f["column"], f["gain_tokens"], f["related"])
            for f in document["findings"]] == [
        ("PFX002", "zj_default_persona/personas.py", 1, 42, 113,
         [{"path": "zj_default_persona/guide.py", "line": 22, "column": 53, "end_line": 22,
           "end_column": 57},
          {"path": "zj_default_persona/guide.py", "line": 26, "column": 1, "end_line": 26,
           "end_column": 1}])]
    assert [p["id"] for p in document["prompts"]] == ["zj_default_persona/guide.py:26"]


def test_a_check_of_one_changed_file_follows_the_clients_and_loader_it_imports():
    """A pre-commit run passes only the changed file: its prompt goes through a client that
    passes its parameters straight on to a transport two modules away (an HTTP post), and its
    text is a template the project's loader reads (`loader=` a FileSystemLoader made beside
    it, a helper whose last return renders nothing). Those modules are read for what they
    define, their own prompts not reported: the finding is the one a whole-tree run makes."""
    expected = [("PFX005", "zk_changed_file/prompts/triage.txt", 3, 1, 97)]
    for target in ("zk_changed_file/app/tools/triage.py", "zk_changed_file"):
        document = json.loads(run_cli("check", "--output-format", "json", "--no-cache",
                                      target, cwd=REACH).stdout)
        assert [(f["code"], f["path"], f["line"], f["column"], f["gain_tokens"])
                for f in document["findings"]] == expected, target
        assert document["prompts"][0]["id"] == "zk_changed_file/app/tools/triage.py:8"
        assert document["prompts"][0]["sink"] == "client of http.post"
    assert [p["id"] for p in document["prompts"]] == [
        "zk_changed_file/app/tools/triage.py:8", "zk_changed_file/prompts/triage.txt"]


def test_a_check_of_a_changed_module_of_constants_reads_the_modules_that_import_it():
    """`check prompts.py` alone (a pre-commit run after editing a prompt constant): the module
    that imports it and fills `{stamp}` with the clock is read, so the finding is the clock's
    PFX001 with where the value is made and sent, not an unclassified placeholder."""
    document = json.loads(run_cli("check", "--output-format", "json", "--no-cache",
                                  "zl_changed_constants/prompts.py", cwd=REACH).stdout)
    assert [(f["code"], f["path"], f["line"], f["column"], f["gain_tokens"],
             [(r["path"], r["line"]) for r in f["related"]]) for f in document["findings"]] == [
        ("PFX001", "zl_changed_constants/prompts.py", 1, 29, 74,
         [("zl_changed_constants/desk.py", 12), ("zl_changed_constants/desk.py", 13)])]
    assert [p["id"] for p in document["prompts"]] == ["zl_changed_constants/desk.py:13"]


def test_a_check_of_a_changed_module_of_template_objects_reads_the_engine_that_sends_them():
    """`check templates.py`, a module of LlamaIndex `PromptTemplate`s (it imports the library
    only for its template class, so it does not send them itself): the module that makes a
    chat engine with one is read, and the retrieved context above the history is reported
    there, with the engine's call as where it is sent."""
    document = json.loads(run_cli("check", "--output-format", "json", "--no-cache",
                                  "zy_template_module/templates.py", cwd=REACH).stdout)
    assert [(f["code"], f["path"], f["line"], f["column"],
             [(r["path"], r["line"]) for r in f["related"]]) for f in document["findings"]] == [
        ("PFX006", "zy_template_module/templates.py", 9, 6, [("zy_template_module/engine.py", 7)])]


def test_a_check_of_a_base_template_measures_it_inside_the_templates_that_extend_it():
    """`check base.j2` (a pre-commit run after editing a base template): alone, its clock is
    followed by one line; the templates that extend it (`{% extends 'base.j2' %}`) are
    measured with it, and the clock above a child's policy is reported in the base, with
    nothing from the child's own lines."""
    document = json.loads(run_cli("check", "--output-format", "json", "--no-cache",
                                  "zz_base_template/prompts/base.j2", cwd=REACH).stdout)
    assert [(f["code"], f["path"], f["line"], f["column"], f["prompt"])
            for f in document["findings"]] == [
        ("PFX001", "zz_base_template/prompts/base.j2", 2, 45,
         "zz_base_template/prompts/refund.j2")]
    assert [p["id"] for p in document["prompts"]] == ["zz_base_template/prompts/refund.j2"]


def test_a_prompt_that_quotes_code_is_still_a_prompt_and_its_labelled_values_are_info():
    """A TOML prompt with a pydantic class in its instructions is prompt text, not code: the
    title on top is reported; the test file and the output below the guidelines are
    followed by their labels and a one-line request of 19 words and marks (about 100
    characters), so they are info, whatever their gain."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "u_review_settings.toml", cwd=REACH)
    found = [(f["line"], f["severity"], f["gain_tokens"])
             for f in json.loads(proc.stdout)["findings"]]
    assert found == [(4, "warning", 150), (18, "info", 30), (20, "info", 32), (25, "info", 21)]
    assert "only labels of the request's values follow it" in \
        json.loads(proc.stdout)["findings"][2]["message"]


def test_text_files_are_prompts_when_they_speak_to_a_model_with_placeholders():
    """A `.txt` file outside a prompts folder, its reader not in view, is measured when its
    text has `{name}` fields and reads as instructions to a model; a release checklist with
    `{version}` is not a prompt."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "characters", "notes",
                   cwd=REACH)
    document = json.loads(proc.stdout)
    assert [p["id"] for p in document["prompts"]] == ["characters/night_ranger.txt"]
    assert [(f["code"], f["line"], f["expr"]) for f in document["findings"]] == [
        ("PFX001", 4, "{current_time}")]


def test_passages_closing_the_system_message_above_the_question_are_info():
    """Role-aware across messages: retrieved passages end the system message and only the
    tags around the request's other values follow, in the user's message: 45 tokens gained,
    but info; the same passages above the policy are reported (REACH_FINDINGS)."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "z_passages_last.py", cwd=REACH)
    found = [(f["line"], f["severity"], f["gain_tokens"]) for f in json.loads(proc.stdout)[
        "findings"] if f["expr"] == "{passages}"]
    assert found == [(9, "info", 45), (12, "error", 293)]


def test_a_finding_in_another_file_names_where_the_prompt_is_sent(reach):
    """The placeholder in rag/advisor.py is filled and sent from b_http.py: the finding names
    that call as a related location; one that stands in the sending file names only the other
    places of its value."""
    advisor = next(f for f in reach["findings"] if f["path"] == "rag/advisor.py")
    assert (advisor["related"][-1]["path"], advisor["related"][-1]["line"]) == ("b_http.py", 9)
    own = next(f for f in reach["findings"] if f["path"] == "a_own_client.py")
    assert [r["path"] for r in own["related"]] == ["a_own_client.py"]  # ticket.created_at


def test_a_value_a_helper_returns_is_reported_where_each_prompt_puts_it(reach):
    """Two agents' step instructions (functions inside their builders) both read the
    command's output through one helper in another module: a finding where each puts the
    call into its prompt (where the fix is made), naming the command in the helper as the
    place the value comes from; the helper's `except` arm is not what it returns."""
    assert not [f for f in reach["findings"] if f["path"] == "zal_agent_steps/catalog.py"]
    listing = [f for f in reach["findings"] if f["path"] == "zal_agent_steps/planner.py"]
    assert [(f["line"], f["expr"], f["prompt"]) for f in listing] == [
        (12, 'list_plugins(context["workspace"])', "zal_agent_steps/planner.py:9"),
        (29, 'list_plugins(context["workspace"])', "zal_agent_steps/planner.py:26")]
    assert all([(r["path"], r["line"]) for r in f["related"]] == [
        ("zal_agent_steps/catalog.py", 8)] for f in listing)


def test_text_a_function_returns_names_where_other_files_call_it(reach):
    """`build_system_prompt(workdir)` returns instructions with the clock near their top and
    no call in view sends them: the finding names the line of another module that calls it
    through the package's re-export (where the text is used), not the example call in the
    function's docstring or the definition itself."""
    finding = next(f for f in reach["findings"]
                   if f["path"] == "zhq_prompt_builder/prompts/context.py")
    assert (finding["code"], finding["line"], finding["expr"]) == ("PFX001", 13, "now")
    assert [(r["path"], r["line"], r["column"]) for r in finding["related"]] == [
        ("zhq_prompt_builder/session.py", 11, 24)]


def test_turns_a_client_posts_with_each_request_are_its_conversation(reach):
    """`for asked, answered in zip(questions[:-1], answers)` appends a user's message and an
    assistant's on each pass over lists from the request's JSON: the earlier turns of the
    conversation (a session's), not the request's data, so the question after them is
    the break before the rules; the `if answers is None` around them is no value of its
    own before the history."""
    found = {(f["code"], f["line"]): f for f in reach["findings"]
             if f["path"] == "zhr_posted_turns.py"}
    assert sorted(found) == [("PFX001", 10), ("PFX003", 29)]
    assert found[("PFX001", 10)]["expr"] == "{question}"
    assert found[("PFX003", 29)]["scope"] == "session"
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhr_posted_turns.py:43")
    assert (prompt["prefix_tokens"]["global"], prompt["prefix_tokens"]["session"]) == (5, 35)


def test_a_value_before_the_format_a_client_appends_names_where_that_format_is_written(reach):
    """The project's client appends a long answer format to every caller's prompt: the
    caller's tender title ends the shared prefix before it, and the finding names the
    client's line where that format starts (the text the finding counts, and a place the
    fix can be made: in the system message, before the caller's prompt)."""
    [found] = [f for f in reach["findings"] if f["path"] == "zht_format_client/screening.py"]
    assert (found["line"], found["expr"]) == (10, "tender.title")
    assert [(r["path"], r["line"], r["column"]) for r in found["related"]] == [
        ("zht_format_client/client.py", 23, 28)]


def test_a_template_a_factory_returns_is_filled_where_another_module_calls_it(reach):
    """`triage_prompt()` returns a chat template whose user message opens with `{alert}`;
    the webhook of another module calls it and invokes the result with the body it awaits
    (`await request.json()`): the alert is the request's, and the finding names the line
    that passes it."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhu_template_factory/prompts.py"]
    assert (found["code"], found["line"], found["scope"]) == ("PFX001", 7, "request")
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhu_template_factory/desk.py", 15)]
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhu_template_factory/prompts.py:14")
    assert prompt["files"] == ["zhu_template_factory/prompts.py", "zhu_template_factory/desk.py"]


def test_instructions_a_function_returns_passed_whole_are_sent_not_measured_alone(reach):
    """`triage_instructions()` returns a long instruction text that shows the input's layout
    with braces (`{sha256}`) nothing fills; it is the whole value of a chat template's
    `{instructions}`. The template sends it, from where it is written: no prompt text of its
    own, and no brace of it a value."""
    assert not [f for f in reach["findings"]
                if f["path"].startswith("zhw_passed_instructions/")]
    assert [p["id"] for p in reach["prompts"] if p["id"].startswith("zhw_")] == [
        "zhw_passed_instructions/triage.py:13"]


def test_a_template_constant_is_filled_where_it_is_imported_or_its_getter_is_called(reach):
    """Two chat templates built at import: `ROUTER`, returned by a getter whose result is
    piped into the model and invoked in another module, and `PLANNER`, imported by name and
    invoked there. Each placeholder is the value passed at that invoke, named as such."""
    found = {f["line"]: f for f in reach["findings"]
             if f["path"] == "zhy_template_constants/prompts.py"}
    assert sorted(found) == [6, 16]
    assert "passed at zhy_template_constants/assistant.py:11" in found[6]["message"]
    assert [(r["path"], r["line"]) for r in found[16]["related"]] == [
        ("zhy_template_constants/assistant.py", 15)]


def test_content_parts_joined_with_plus_are_read_part_by_part(reach):
    """`[{"type": "text", "text": recap + RULES}] + [image part for page in pages]`: the
    text part is read (the recap before the rules is the break), and the pages a
    comprehension makes are one media item after it, not one opaque value for the whole."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhz_joined_parts.py:21")
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("recap", 99)
    [found] = [f for f in reach["findings"] if f["path"] == "zhz_joined_parts.py"]
    assert (found["line"], found["gain_tokens"]) == (17, 73)


def test_a_loader_that_caches_files_under_a_folder_the_object_keeps_links_the_file(reach):
    """The loader object keeps its folder (`self.prompts_dir`, the package's `prompts` unless
    a caller passes another) and caches each file's text in a dict on first use
    (`self._cache[name] = handle.read()`, then `return self._cache[name]`): the call names
    the file, whose placeholders take the values passed."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzb_cached_loader/desk/search.py:11")
    assert "zhzb_cached_loader/prompts/relevance.txt" in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{search_query}", 118)


def test_a_store_method_that_looks_up_a_loaded_file_by_its_arguments_links_the_entry(reach):
    """`store.template("coach", "reply")` returns `self.entries[group][name]["template"]`
    of a JSON file the store loaded in its constructor: the call's arguments are the keys,
    so the entry is the template `.format` fills and the posted prompt holds, and its
    finding names where the message is passed and where the prompt is sent."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzd_keyed_catalog/coach/session.py:16")
    assert "zhzd_keyed_catalog/settings/templates.json" in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{message}", 133)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzd_keyed_catalog/")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzd_keyed_catalog/coach/session.py", 15), ("zhzd_keyed_catalog/coach/session.py", 16)]
    assert not [n for n in reach["coverage"]["not_followed"]
                if n["path"].startswith("zhzd_keyed_catalog/")]


def test_tool_objects_made_with_nothing_passed_are_the_schemas_their_classes_write(reach):
    """`tools = [GlossaryTool(), ShelfTool()]` of the project's tool classes, handed to an
    agent with a fixed guide: each tool describes itself as its class writes it, the same
    on every request, so nothing before the guide varies."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhze_tool_objects/librarian.py:19")
    assert (prompt["break"], prompt["tokens_total"]) == (None, 132)
    assert "zhze_tool_objects/tools.py" in prompt["files"]
    assert not [f for f in reach["findings"] if f["path"].startswith("zhze_tool_objects/")]


def test_a_prompt_set_imported_by_the_language_a_deployment_names_is_its_default(reach):
    """`import_module(f".prompts_{self.language}", package=...)` with the language read by
    `os.getenv("SURVEY_LANGUAGE", "en")`, behind a property: the English module is the set
    the code sends unless the variable is set, so the call fills its outline template and the
    German one stays a text of its own."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzf_language_prompts/outline.py:11")
    assert "zhzf_language_prompts/prompts/prompts_en.py" in prompt["files"]
    assert "zhzf_language_prompts/prompts/prompts_de.py" not in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{topic}", 116)
    [english] = [f for f in reach["findings"]
                 if f["path"] == "zhzf_language_prompts/prompts/prompts_en.py"]
    assert [(r["path"], r["line"]) for r in english["related"]] == [
        ("zhzf_language_prompts/outline.py", 10), ("zhzf_language_prompts/outline.py", 11)]


def test_a_dollar_template_a_helper_loads_is_filled_where_its_object_is_substituted(reach):
    """`load_runbook("plan.md")` returns `Template(Path(f"runbooks/{name}").read_text())`,
    kept in a dataclass field by `default_factory`; `self.plan_template.substitute(question=
    ...)` fills the file's `$question`, which comes before the runbook's rules."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzg_dollar_loader/planner.py:24")
    assert "zhzg_dollar_loader/runbooks/plan.md" in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("$question", 141)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzg_dollar_loader/")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzg_dollar_loader/planner.py", 23), ("zhzg_dollar_loader/planner.py", 24)]


def test_the_prompt_text_every_construction_passes_is_what_the_object_is_made_with(reach):
    """A script reads the course's prompt file and makes the one grader with it
    (`EssayGrader(prompt=prompt, ...)`): the constructor's `prompt` is that text, so the
    `{{RUBRIC}}` and `{{WORD_LIMIT}}` it replaces at construction are constant and the
    essay replaced at each request is the break, reported in the file."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzh_constructed_prompt/grading/grader.py:13")
    assert "zhzh_constructed_prompt/config/grading_prompt.md" in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{{ESSAY}}", 139)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzh_constructed_prompt/")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzh_constructed_prompt/grading/grader.py", 16),
        ("zhzh_constructed_prompt/grading/grader.py", 13)]


def test_instructions_a_template_made_rendered_again_keep_the_template_s_values(reach):
    """`from_string(instructions).render(**call_data)` of instructions a template file
    made: its values stay where the first render put them, so the clock reading on the
    template's second line comes before the rules, the history and the caller's words."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzi_rendered_twice/assistant.py:13")
    assert "zhzi_rendered_twice/templates/instructions.jinja2" in prompt["files"]
    assert (prompt["break"]["line"], prompt["break"]["scope"]) == (2, "request")
    [found] = [f for f in reach["findings"]
               if f["path"] == "zhzi_rendered_twice/templates/instructions.jinja2"]
    assert found["code"] == "PFX006"
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzi_rendered_twice/instructions.py", 14), ("zhzi_rendered_twice/assistant.py", 13)]


def test_arms_that_begin_with_the_same_messages_branch_only_after_them(reach):
    """`if resume_from: messages = [system, brief, *resume_from] else: messages = [system,
    brief]`: both arms send the system prompt and the brief first, so the test on the
    resumed turns ends the shared prefix after them (nothing constant follows: no finding),
    not before the system prompt."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzj_shared_arms.py:23")
    assert (prompt["break"]["line"], prompt["prefix_tokens"]["global"]) == (17, 116)
    assert not [f for f in reach["findings"] if f["path"] == "zhzj_shared_arms.py"]


def test_keywords_a_helper_passes_through_to_substitute_are_the_callers_values(reach):
    """`fill(CODING_PROMPT, NAME=player_name, TASK=task)` of a helper that returns
    `Template(prompt).safe_substitute(**values)`: `$NAME` and `$TASK` are the values the
    caller passes, named as the caller names them, not fields of `values`."""
    found = {(f["line"], f["column"]): f["message"] for f in reach["findings"]
             if f["path"] == "zhzk_substitute_helper.py"}
    assert sorted(found) == [(7, 28), (7, 78)]
    assert "'$NAME' (from player_name)" in found[(7, 28)]
    assert "'$TASK' (from task)" in found[(7, 78)]


def test_a_class_body_s_prompt_table_is_read_by_the_names_it_binds(reach):
    """`class PromptCatalog:` opens the catalog in its body (`with open(...) as handle:
    _prompts = yaml.safe_load(handle)`) and binds `BRIEF_TRIAGE = _prompts["triage"]["brief"]`:
    the keys do not say prompt, the table's name does, and the class attribute reads the
    name its own body bound. The ticket the caller formats in comes before the rules."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzm_class_prompt_table/triage.py:11")
    assert "zhzm_class_prompt_table/prompts/catalog.yaml" in prompt["files"]
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("{ticket}", 3)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzm_class_prompt_table/")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzm_class_prompt_table/triage.py", 10), ("zhzm_class_prompt_table/triage.py", 11)]


def test_a_template_named_by_a_table_in_a_folder_of_unknown_version_is_the_caller_s(reach):
    """`FileSystemLoader(BASE / version)` with a version the deployment sets, and
    `get_template(TEMPLATE_FILES[kind])` of a helper its caller passes `kind="minutes"`: the
    run's file with that name is the template (no other file of the project is), so the
    transcript before the rules is found in it."""
    [prompt] = [p for p in reach["prompts"]
                if p["id"].startswith("zhzn_versioned_templates/minutes.py")]
    assert prompt["id"] == "zhzn_versioned_templates/minutes.py:12"
    assert prompt["files"] == ["zhzn_versioned_templates/minutes.py",
                               "zhzn_versioned_templates/prompts/render.py",
                               "zhzn_versioned_templates/prompts/v2/minutes.j2"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("transcript", 140)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzn_versioned_templates/")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzn_versioned_templates/minutes.py", 12)]


def test_a_file_a_loader_opens_by_a_table_entry_is_the_entry_its_caller_names(reach):
    """`open(folder / settings.PROMPT_FILES[name])` of `load_prompt("merge")`: the table of
    another module names the file for the key the caller passes, so the labels formatted
    into its first lines are found before the merging rules."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzo_prompt_file_table/labeller/engine.py:17")
    assert "zhzo_prompt_file_table/prompts/merge_labels.txt" in prompt["files"]
    assert "zhzo_prompt_file_table/prompts/describe.txt" not in prompt["files"]
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{scanner_labels}", 142)
    found = [f for f in reach["findings"] if f["path"].startswith("zhzo_prompt_file_table/")]
    assert [(f["line"], f["related"][0]["line"]) for f in found] == [(1, 15), (2, 15)]


def test_a_crew_task_is_prompt_text_in_any_language(reach):
    """A CrewAI task (a `description` beside an `expected_output`) written in Spanish: none
    of the English words instructions use, but the task says what it is, so the visit's
    notes before the report's rules are found."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzp_crew_task_language/config/tasks.yaml:2")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("{notas_visita}", 3)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzp_crew_task_language/")]
    assert (found["code"], found["severity"]) == ("PFX005", "warning")


def test_values_of_a_text_formatted_into_a_template_name_the_call_that_passes_it(reach):
    """A briefing with its own rules, built by the caller (`f"Gym: {gym_name}..."`) and
    formatted into the system prompt by a helper (`ANSWER_SYSTEM.format(briefing=
    briefing)`): its values stay where the caller wrote them, and each finding names the
    helper's line that passes them into the template."""
    found = [f for f in reach["findings"] if f["path"].startswith("zhzq_formatted_block/")]
    assert [(f["line"], f["column"]) for f in found] == [(10, 24), (10, 74)]
    assert all(("zhzq_formatted_block/reply.py", 12) in [(r["path"], r["line"])
                                                         for r in f["related"]] for f in found)
    assert "passed at zhzq_formatted_block/reply.py:12" in found[0]["message"]


def test_a_message_object_s_content_parts_are_read_in_order(reach):
    """`HumanMessage(content=[{"type": "image_url", ...}, {"type": "text", "text": RULES}])`:
    the parts are read as a dict message's are, so the receipt's image ends the shared
    prefix before the extraction rules."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzr_message_parts.py:21")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("receipt_png", 18)
    [found] = [f for f in reach["findings"] if f["path"] == "zhzr_message_parts.py"]
    assert found["message"].startswith("unclassified media part 'receipt_png'")


def test_a_prompt_a_retry_changes_is_sent_as_built_on_the_first_attempt(reach):
    """`for attempt in range(3): if attempt > 0: prompt = plain(first)`: the loop's first
    pass skips the arm, so every request first sends the prompt as built, and that is
    what is measured (not a branch on the attempt's number)."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzs_retry_variant.py:27")
    assert (prompt["sink"], prompt["break"]["expr"], prompt["tokens_total"]) == (
        "openai.chat", "{notes}", 115)
    assert not [p for p in reach["prompts"] if p["id"].startswith("zhzs_retry_variant.py:6")]


def test_a_crew_s_placeholders_that_every_kickoff_fills_with_a_constant_are_deployed(reach):
    """`BriefCrew().crew().kickoff(inputs=inputs)` fills `{market}` with the flow state's
    default (nothing assigns it) and `{audience}` with an environment setting: the same on
    every request, so neither the agent's role nor the task's first line breaks the prefix;
    the analyst's notes, passed from the caller, still do, as that request's value (a crew
    is kicked off once per request), though the name `notes` says nothing of its scope."""
    found = [(f["path"].rsplit("/", 1)[-1], f["line"], f["column"], f["code"])
             for f in reach["findings"] if f["path"].startswith("zhzt_crew_kickoff/")]
    assert found == [("tasks.yaml", 11, 29, "PFX001")]
    task = next(p for p in reach["prompts"]
                if p["id"] == "zhzt_crew_kickoff/crews/brief_crew/config/tasks.yaml:2")
    assert task["break"]["expr"] == "{notes}"


def test_a_text_file_with_slots_in_angle_brackets_is_a_template(reach):
    """`<<CURRENT_TIME>>` in a Markdown prompt that a helper reads by a computed name and
    turns into a format field: the slot is a value (a clock, by its name) before the
    analyst's rules. Llama 2's `[INST] <<SYS>>` markers are text, so a file with only those
    is no template."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzu_slot_prompts/prompts/analyst.md")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("<<CURRENT_TIME>>", 2)
    assert not [p for p in reach["prompts"] if p["id"].endswith("llama_system.txt")]


def test_a_character_looked_up_in_a_table_of_profiles_is_its_class_s_prompt(reach):
    """`get_character(character_id).system_prompt()`, the characters a table of
    `CharacterProfile(name="Mira", ...)` objects: the method of their one class builds the
    system message, and a character's `name` is the character's (fixed for its object), not
    a user's, though the class is called a profile; so are the entries of the style it was
    made with (`self.style.get("tone")`, the topics it avoids). The user's message comes
    last."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzv_character_profile/chat.py:11")
    assert (prompt["break"]["expr"], prompt["break"]["line"], prompt["tokens_total"]) == (
        "message", 15, 144)
    assert not [f for f in reach["findings"] if f["path"].startswith("zhzv_character_profile/")]


def test_a_template_the_object_keeps_is_filled_where_its_chain_is_invoked(reach):
    """`self.prompt = ChatPromptTemplate.from_template(PLAN_PROMPT)` and `self.chain =
    self.prompt | self.llm` in `__init__`, `self.chain.invoke({"question": question,
    "examples": PLAN_EXAMPLES})` in `__call__`: the examples are the constant text they
    are, so the question above them ends the prefix before all of it."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzw_kept_chain.py:21")
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{question}", 145)
    [found] = [f for f in reach["findings"] if f["path"] == "zhzw_kept_chain.py"]
    assert (found["code"], found["gain_tokens"]) == ("PFX001", 121)


def test_a_prompt_folder_s_slots_filled_through_a_helper_s_chat_name_the_fill(reach):
    """A node sends `apply_prompt("planner", state)`: the helper reads `planner.md` by the
    name the node gives, escapes its braces, turns `<<CURRENT_TIME>>` into a format field
    with `re.sub`, fills it through `PromptTemplate(template=...).format(...)` and returns
    `[system] + state["messages"]`. The clock is then a request value before the history,
    found in the Markdown file and named where the helper passes it and where the node
    sends the chat."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzx_slot_loader/graph/nodes.py:10")
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("{CURRENT_TIME}", 149)
    [found] = [f for f in reach["findings"]
               if f["path"] == "zhzx_slot_loader/prompts/planner.md"]
    assert found["code"] == "PFX006"
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzx_slot_loader/prompts/loader.py", 17), ("zhzx_slot_loader/graph/nodes.py", 10)]


def test_a_model_made_from_a_yaml_mapping_holds_the_file_s_texts(reach):
    """`ClinicPrompts(**_read("prompts.yaml"))` and `ClinicPrompts.model_validate(...)`:
    the model's fields are the file's entries by key, so the calls that send
    `clinic_prompts().booking_prompt.format(today=...)` and `recap_prompts().recap_prompt`
    are followed into the YAML, and each finding there names the line that fills it."""
    sent = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzy_model_document/desk")}
    assert {i: (p["break"]["expr"], p["tokens_total"]) for i, p in sent.items()} == {
        "zhzy_model_document/desk.py:14": ("history", 192),
        "zhzy_model_document/desk.py:22": ("{patient}", 123)}
    assert all("zhzy_model_document/prompts.yaml" in p["files"] for p in sent.values())
    found = {f["line"]: (f["code"], [(r["path"], r["line"]) for r in f["related"]])
             for f in reach["findings"] if f["path"] == "zhzy_model_document/prompts.yaml"}
    assert found == {
        3: ("PFX004", [("zhzy_model_document/desk.py", 13), ("zhzy_model_document/desk.py", 14)]),
        15: ("PFX005", [("zhzy_model_document/desk.py", 21), ("zhzy_model_document/desk.py", 22)])}
    assert not any(n["path"].startswith("zhzy") for n in reach["coverage"]["not_followed"])


def test_a_table_of_language_modules_sends_the_entry_its_key_picks(reach):
    """`PROMPTS.get(language, en).ANSWER_PROMPT % (order_text, question)` with `PROMPTS =
    {"en": en, "de": de}`: the default key's module is read, and the `%s` values are placed
    at the template's placeholders, once (not again as text no call sends)."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzz_language_modules/assistant.py:13")
    assert (prompt["break"]["expr"], prompt["tokens_total"]) == ("%s", 167)
    found = [(f["line"], f["expr"], [(r["path"], r["line"]) for r in f["related"]])
             for f in reach["findings"] if f["path"].startswith("zhzz_language_modules")]
    assert found == [(4, "%s", [("zhzz_language_modules/assistant.py", 12),
                                ("zhzz_language_modules/assistant.py", 13)])]


def test_a_node_handed_to_a_graph_is_measured_with_its_state_unknown(reach):
    """`workflow.add_node("plan", nodes.plan_lesson)`: the graph calls the node with each
    request's state, so besides the manual check that calls it with a fixed state, the
    node's own prompt is measured, and the subject it opens with is a value."""
    ids = {p["id"] for p in reach["prompts"] if p["id"].startswith("zhzza_handed_node")}
    assert ids == {"zhzza_handed_node/nodes.py:9", "zhzza_handed_node/try_node.py:6"}
    [found] = [f for f in reach["findings"] if f["path"] == "zhzza_handed_node/nodes.py"]
    assert (found["expr"], found["prompt"]) == ("{subject}", "zhzza_handed_node/nodes.py:9")


def test_each_file_a_loop_over_a_folder_reads_is_that_item_s_value(reach):
    """`for path in sorted(Path(folder).glob("*.md")): path.read_text() + RULES`: each note
    is its own document, not a prompt file the project ships, so it ends the prefix before
    the review rules."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzb_folder_reads.py"]
    assert (found["code"], found["line"], found["gain_tokens"]) == ("PFX005", 17, 98)


def test_a_model_made_from_a_file_read_at_run_time_holds_the_file_s_values(reach):
    """`Campaign(**json.load(handle))` of a save file the caller names: the campaign's
    quests are what the file holds (one campaign's), not the class's empty default, so
    the loop over them ends the prefix before the narrator's style rules."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzc_saved_state/narrator.py"]
    assert (found["expr"], found["gain_tokens"]) == ("quest", 111)


def test_a_settings_model_read_from_a_file_named_at_run_time_keeps_its_defaults(reach):
    """`NarratorSettings(**yaml.safe_load(handle))` of the file `NARRATOR_SETTINGS` names: a
    settings class's file is written from its defaults, so its `system_prompt` default is
    the text sent (cached ahead of the question), not a value nobody can see."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzc_saved_state/narrator.py:30")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (104, 87)


def test_the_head_of_a_list_a_helper_builds_is_as_the_helper_writes_it(reach):
    """`chat(messages)` asks `messages[0]["role"] == "system"` to split off the system
    message for Anthropic. Given `conversation(...)`, which starts its list with the
    grader's rules and only appends after them, or `openai_messages(...)`, which returns
    a list literal, the head is the constant system message: no branch on a value, and
    the rules are the cached prefix of both prompts."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzd")}
    assert sorted(prompts) == ["zhzzd_system_split.py:33", "zhzzd_system_split.py:42"]
    assert all(p["prefix_tokens"]["global"] > 130 for p in prompts.values())
    assert not any(f["path"] == "zhzzd_system_split.py" for f in reach["findings"])


def test_a_template_kept_as_a_keyword_of_dict_is_prompt_text(reach):
    """`JUDGE_PROMPTS = dict(summary_judge=\"\"\"...{document}...\"\"\")`: the keywords of a
    call of `dict` are a table's entries as a dict literal's are, so the judge template,
    which no call in view formats, is measured on its own, its document before the rubric."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzze_keyword_table.py:4")
    assert (prompt["break"]["expr"], prompt["sink"]) == ("{document}", "text")


def test_a_text_file_that_sets_out_a_task_under_its_headings_is_a_prompt(reach):
    """`Task: Sort the feedback items above...` and `Output format: ...` lines: a prompt's
    headings, though the text never says "you"; the items placed above them end the prefix."""
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzf_task_heading")]
    assert (found["line"], found["expr"], found["gain_tokens"]) == (2, "{feedback}", 130)


def test_a_prompt_constant_names_where_another_file_reads_it(reach):
    """`prompts.TRIAGE_PROMPT % (ticket_text,)` and `FOLLOW_UP["reply"].format(...)` in
    triage.py, sent through a callable the agent is handed: the texts are measured on their
    own, and each finding names the line that reads the constant (where its value is
    filled), not the line that imports it."""
    found = {f["line"]: [(r["path"], r["line"], r["column"]) for r in f["related"]]
             for f in reach["findings"] if f["path"] == "zhzzg_constant_reads/prompts.py"}
    assert found == {3: [("zhzzg_constant_reads/triage.py", 12, 33)],
                     17: [("zhzzg_constant_reads/triage.py", 15, 25)]}


def test_of_a_shipped_file_and_its_fallback_the_richer_arm_is_what_a_helper_returns(reach):
    """`if path.exists(): return path.read_text()` / `else: return "<one line>"`, on a file the
    package ships: the deployment takes one arm, and the file's instructions (the richer
    text) are what the system message starts with, not the fallback line."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzzh_file_or_fallback/assistant.py:24")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (207, 181)


def test_a_method_that_passes_its_call_on_is_not_what_that_call_runs(reach):
    """`self.engine.complete(messages)` on an engine picked from a registry: of the project's
    methods named `complete`, the coordinator's only passes its call on to an engine
    (`self.engine.complete(messages, system=...)`, a sink inferred from its keyword), so the
    reviewer's call runs the engine's, which is then no client nobody calls."""
    ids = [p["id"] for p in reach["prompts"] if p["id"].startswith("zhzzi_")]
    assert ids == ["zhzzi_delegating_agents/agents/coordinator.py:17",
                   "zhzzi_delegating_agents/agents/reviewer.py:21"]


def test_bedrock_invoke_model_sends_the_json_body_it_is_given(reach):
    """`invoke_model(body=json.dumps({"system": ..., "messages": [...]}))` in the project's
    client: the body is Anthropic's Messages request, so the system text comes first and the
    question the desk fills in is the user's turn; a Titan embedding body (`inputText`) is
    no prompt."""
    prompts = [(p["id"], p["sink"], p["tokens_total"], p["prefix_tokens"]["global"])
               for p in reach["prompts"] if p["id"].startswith("zhzzj_")]
    assert prompts == [("zhzzj_bedrock_body/desk.py:10", "client of bedrock.invoke_model", 213,
                        23)]


def test_prompt_records_of_seed_data_are_measured_where_they_stand(reach):
    """`DEFAULT_PROMPTS = [{"name": ..., "user_prompt_template": "..."}, ...]`, written to a
    database and loaded again: each record's prompt text is measured (the release notes'
    `{{ changes }}` comes before the layout), and a list of e-mail templates is not."""
    prompts = [(p["id"], p["tokens_total"], p["prefix_tokens"]["global"])
               for p in reach["prompts"] if p["id"].startswith("zhzzk_")]
    assert prompts == [("zhzzk_seeded_prompts.py:8", 115, 10),
                       ("zhzzk_seeded_prompts.py:26", 34, 31)]


def test_a_crew_task_s_expected_output_follows_its_description(reach):
    """A CrewAI task whose description ends with `{question}`: CrewAI writes the task's
    `expected_output` after it ("This is the expected criteria for your final answer"), so
    the answer's layout is constant text after the question, though it has no placeholder."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzzl_crew_criteria/config/tasks.yaml:2")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (158, 26)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzl_")]
    assert (found["code"], found["line"], found["severity"]) == ("PFX001", 6, "error")


def test_a_provider_given_written_prompts_sends_them_not_its_fallback(reach):
    """`if system_prompt and user_prompt:` in a provider, called with `self.system_prompt`
    (`system_prompt or ANSWER_SYSTEM`) and `ANSWER_USER.format(...)`: both are text that is
    never empty, so the test is true and the provider's fallback (the content's first words
    before its instruction) is not what this caller sends; the passages come first in the
    user's message, after the service's system prompt."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzm_given_prompts/answers.py:24")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("{passages}", 12)
    assert not [f for f in reach["findings"]
                if f["path"].startswith("zhzzm_") and f["severity"] != "info"]


def test_a_script_that_picks_its_client_in_an_if_sends_through_either(reach):
    """`summariser = HostedSummariser()` in one arm of a top-level `if` and
    `LocalSummariser()` in the other: the script's call runs whichever the setting chose, so
    it is measured through both classes' methods, one prompt each."""
    sent = [(p["id"], p["sink"]) for p in reach["prompts"]
            if p["id"].startswith("zhzzn_script_choice/app.py")]
    assert sent == [("zhzzn_script_choice/app.py:13", "client of anthropic.messages"),
                    ("zhzzn_script_choice/app.py:13 (via zhzzn_script_choice/local.py:12)",
                     "client of openai.chat")]


def test_double_braces_in_a_crew_task_are_text_the_model_is_shown(reach):
    """CrewAI fills only `{name}` in a task: an expected output that shows the model an HTML
    template (`<h2>{{ answer.title }}</h2>`) has no value in it, so the page's rules after it
    are part of the shared prefix."""
    prompt = next(p for p in reach["prompts"]
                  if p["id"] == "zhzzl_crew_criteria/config/tasks.yaml:23")
    assert prompt["prefix_tokens"]["global"] == prompt["tokens_total"] == 122
    assert not [f for f in reach["findings"]
                if f["path"].startswith("zhzzl_") and f["line"] >= 23]


def test_a_response_format_chosen_by_a_client_s_flag_is_the_json_the_code_writes(reach):
    """`response_format = {"type": "json_object"} if get_json else {"type": "text"}` in a
    client whose callers leave `get_json` at its default: the schema sent is the JSON object
    format, constant text, not a value of unknown scope before the system prompt."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzo_json_mode.py:25")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("wishes", 26)
    assert not [f for f in reach["findings"] if f["path"] == "zhzzo_json_mode.py"]


def test_a_cache_made_again_when_stale_and_data_read_at_import_are_the_deployment_s(reach):
    """`if _menu_text is None or now - _menu_built_at > TTL: _menu_text = ...` remakes a
    cache on a timer: the text is the same each time it is made, not a branch on the clock.
    What it joins, `DISHES` read from a file when the module loads, is the deployment's, as
    the name itself is; so are the allergen lines joined of it in another function. Both
    prompts put the guest's words last: nothing to report."""
    sent = {p["id"]: (p["break"]["expr"], p["break"]["scope"]) for p in reach["prompts"]
            if p["id"].startswith("zhzzp_cached_menu.py")}
    assert sent == {"zhzzp_cached_menu.py:33": ("message", "request"),
                    "zhzzp_cached_menu.py:47": ("question", "request")}
    assert not [f for f in reach["findings"] if f["path"] == "zhzzp_cached_menu.py"]


def test_of_two_arms_nested_in_another_s_only_one_adds_to_the_text(reach):
    """`elif waiting: if tries < limit: prompt += retry(...) else: prompt += give_up(...)`:
    the outer `if` adds in one arm only, the inner one in both, and only one of those runs.
    Both were added, one after the other, so the manual's excerpts seemed to come before
    47 constant tokens (a warning); after one arm they come before 30, below the gain worth
    one."""
    sent = next(p for p in reach["prompts"] if p["id"] == "zhzzq_nested_arms.py:36")
    assert (sent["tokens_total"], sent["gain_tokens"], sent["break"]["expr"]) == \
        (101, 30, "context")
    assert not [f for f in reach["findings"]
                if f["path"] == "zhzzq_nested_arms.py" and f["severity"] != "info"]


def test_a_helper_s_answer_rules_after_the_caller_s_prompt_are_named_where_written(reach):
    """`with_schema(base_prompt, ReplyKind.CONVERSATION)` puts the caller's prompt first and
    its JSON rules after it, around the schema the enum member picks. The member is written
    in the code (not a conversation, whatever its name says), so the rules and the schema are
    one constant text of the helper's file, named with the question's finding as a place to
    make the fix."""
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzr_")]
    assert (found["code"], found["line"], found["expr"]) == ("PFX001", 11, "question")
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzzr_schema_helper/schema_text.py", 9)]


def test_a_builder_taken_from_a_table_by_the_caller_s_key_is_followed(reach):
    """`build = builders.get(kind)` of `{DocumentKind.INVOICE: cls.invoice_prompt, ...}`,
    then `build(text)`: the caller passes `DocumentKind.INVOICE`, so the invoice builder runs
    (a bound method: `text` is its first argument) and its text, the document before the
    schema rules, is what the client sends."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzs_builder_table.py:42")
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("text", 20)
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (115, 8)


def test_a_decorator_factory_s_argument_is_the_text_its_wrapper_sends(reach):
    """`@with_system_prompt(PLANNER_PROMPT)` on a method, whose wrapper puts `prompt` (the
    factory's parameter) before the messages: the argument is evaluated once, where the
    method is defined, so the system message is the planner's instructions, the conversation
    after them; not a request's value before the history (PFX006)."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzt_decorator_prompt.py:14")
    assert (prompt["break"]["expr"], prompt["prefix_tokens"]["global"]) == ("messages", 90)
    assert not [f for f in reach["findings"] if f["path"] == "zhzzt_decorator_prompt.py"]


def test_the_arms_of_an_if_that_picks_turns_in_a_loop_are_no_branch(reach):
    """`for turn in messages: if isinstance(turn, HumanMessage): kept.append(turn) elif ...:
    kept.append(turn)`: both arms add, one is taken, and the test is each turn's, per item,
    not a part that some requests have (as for an add in one arm only): the kept turns follow
    the excerpts with no branch of their own counted in the prompt."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zad_kept_turns.py:30")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (146, 105)


def test_a_template_passed_to_a_client_in_another_module_is_built_by_its_caller(reach):
    """`critique(draft, notes, template)` formats its `template` parameter and sends the
    text through `self.backend.complete(prompt)`, a client in another module: the template is
    the caller's (`review` passes `self.critique_template`), so the prompt is built where
    `review` calls `critique`, the draft before the house standards; not one value,
    `prompt` (the client's parameter, named as the caller's local), measured where
    `critique` calls the client."""
    ids = {p["id"] for p in reach["prompts"] if p["id"].startswith("zhzzu_")}
    assert ids == {"zhzzu_passed_template/reviewer.py:27"}
    prompt = next(p for p in reach["prompts"] if p["id"] in ids)
    assert (prompt["break"]["path"], prompt["break"]["expr"]) == \
        ("zhzzu_passed_template/reviewer.py", "{draft}")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (125, 15)


def test_a_table_a_module_fills_when_it_loads_is_the_deployment_s(reach):
    """`DISPLAY = {}` then `for canonical in SCHEMAS: DISPLAY[canonical] = ...` at the top
    of a module: joined in a function (`sorted(DISPLAY.items(), key=...)`), the intent list
    is made once per process, so the request's text at the end is the first value that
    varies. `RECENT`, filled alike but changed by `remember()` as the program runs, is not."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzv_")}
    listed = prompts["zhzzv_filled_labels/router.py:22"]
    assert (listed["break"]["expr"], listed["break"]["line"]) == ("text", 20)
    assert (listed["tokens_total"], listed["prefix_tokens"]["global"]) == (166, 143)
    recap = prompts["zhzzv_filled_labels/router.py:37"]
    assert (recap["break"]["expr"], recap["break"]["line"]) == ("seen", 29)


def test_a_value_two_prompts_share_names_each_prompt_s_place_in_its_finding(reach):
    """`station.frame()` is read in `Station.frame`, one place for both inspection prompts,
    and each puts its gauge reading (`{reading}`, `{gloss}`) in its template before its
    rules: the one finding there names both templates' places, not only those of the prompt
    it was reported for, then where the prompt it was reported for is sent; the other
    prompts' call sites stay their callers' own (`check run.py` shows them)."""
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzw_")]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzzw_shared_frame/paint.py", 6), ("zhzzw_shared_frame/welds.py", 6),
        ("zhzzw_shared_frame/run.py", 8)]


def test_a_prompt_file_under_the_working_directory_is_the_one_the_helper_loads(reach):
    """`load_prompt("habitat.md")` joins `os.getcwd()`, `"prompts"` and the name: the
    program runs from the project's root (or a folder above the module), so the file is
    looked for from the module's folder upwards, and the prompt sent is the template with
    the notes filled in, not one value of unknown text."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzx_")}
    sent = prompts["zhzzx_cwd_prompts/survey/report.py:7"]
    assert (sent["break"]["path"], sent["break"]["line"], sent["break"]["expr"]) == \
        ("zhzzx_cwd_prompts/prompts/habitat.md", 3, "{notes}")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (206, 29)
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzx_")]
    assert ("zhzzx_cwd_prompts/survey/report.py", 6) in \
        [(r["path"], r["line"]) for r in found["related"]]


def test_a_body_built_in_two_arms_still_makes_its_function_a_client(reach):
    """`Gateway.call` builds its JSON body in two arms of a test on its options (messages
    the caller passes whole, or the system and user text it is given): the arm that holds
    the messages is the body posted, so the method is a client and the check's prompt is
    measured where it is sent, its scan text before the criteria."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzz_")}
    sent = prompts["zhzzz_posted_arms/checks.py:19"]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (8, "text")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (164, 20)


def test_the_prefix_of_langchain_s_sql_agent_is_its_system_text(reach):
    """`create_sql_agent(..., prefix=prefix)`: the prefix is the agent's system message,
    placed before the toolkit's tools and the question, so the team named in its first line
    ends the prefix every analyst of another team could share."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzza_")}
    sent = prompts["zhzzza_sql_agent.py:18"]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (10, "team_name")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (172, 10)


def test_a_helper_s_value_is_what_its_try_returns_not_the_line_kept_for_failure(reach):
    """`latest_reading` returns the file's text inside its `try`, and a constant line after
    the `except` for when the read fails: the reading is what the note is written from, so
    it, not the fallback, is the first value of the prompt."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzb_")}
    sent = prompts["zhzzzb_tried_reading.py:28"]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (20, "handle.read()")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (133, 8)


def test_each_whole_prompt_a_choice_assigns_is_measured_as_its_own(reach):
    """`match step: case 0: prompt = FIRST_PLAN.format(...) case _: prompt =
    REFINED_PLAN.format(...)`: each arm assigns a whole prompt, and both are sent. The choice
    breaks neither (no branch on `step`), and each is measured where the call sends it: the
    first plan, whose question comes first, breaks; the refinement keeps its rules first."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzc_")}
    first = prompts["zhzzzc_step_prompts.py:33"]
    assert (first["break"]["line"], first["break"]["expr"]) == (7, "{question}")
    refined = prompts["zhzzzc_step_prompts.py:33 (arm at line 32)"]
    assert (refined["break"]["line"], refined["tokens_total"],
            refined["prefix_tokens"]["global"]) == (22, 141, 107)
    assert not [f for f in reach["findings"]
                if f["path"].startswith("zhzzzc_") and f["code"] == "PFX005"]


def test_a_row_read_from_a_database_a_setting_locates_is_not_the_setting(reach):
    """`sqlite3.connect(db_path)` of `str(settings.DB_PATH)`: the path is the deployment's,
    but the row a query of the store returns is data that changes as the store does, so the
    figures before the rules end the prefix."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzd_")}
    sent = prompts["zhzzzd_store_rows.py:31"]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["break"]["scope"]) == \
        (26, "row[0]", "unknown")


def test_a_client_called_through_a_local_name_is_the_client(reach):
    """`sender = _complete` then `await sender([...])`: the call runs the project's client,
    so the messages are sent by its OpenAI call (not a sink inferred from an argument named
    `messages`), and the client's own call is followed rather than left unexplained."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzze_")}
    assert {i: p["sink"] for i, p in prompts.items()} == \
        {"zhzzze_aliased_sender.py:24": "client of openai.chat"}
    sent = prompts["zhzzze_aliased_sender.py:24"]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["tokens_total"]) == \
        (22, "correction", 130)
    assert not [c for c in reach["coverage"]["not_followed"]
                if c["path"].startswith("zhzzze_")]


def test_a_persona_filled_by_many_edits_reaches_the_model_called_as_a_function(reach):
    """`prompt = prompt.replace(...)` six times over the persona file, then the text is the
    system message of a history that `reply(chat_history)` hands to `self._llm(...)` (an
    older LangChain chat model, called as a function): the edits are one value, not six
    levels of code, so the file is followed to the call and measured there, with the
    history after it; the text is not measured again on its own."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzf_")}
    assert sorted(prompts) == ["zhzzzf_channel_bot/persona.txt",
                               "zhzzzf_channel_bot/replies.py:30"]
    sent = prompts["zhzzzf_channel_bot/replies.py:30"]
    assert (sent["break"]["path"], sent["break"]["line"], sent["break"]["expr"]) == \
        ("zhzzzf_channel_bot/persona.txt", 1, "{CHANNEL_NAME}")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (224, 13)


def test_a_library_class_imported_under_another_name_is_that_class(reach):
    """`PromptTemplate = None`, then in a `try`: `from langchain_core.prompts import
    PromptTemplate as _PromptTemplate` and `PromptTemplate = _PromptTemplate`: the module's
    `PromptTemplate` is LangChain's whenever it is anything, so its template is a prompt."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzg_")}
    sent = prompts["zhzzzg_optional_import.py:20"]
    assert (sent["sink"], sent["break"]["line"], sent["break"]["expr"]) == \
        ("langchain.PromptTemplate", 25, "{dream}")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (138, 22)


def test_a_module_list_the_program_empties_and_fills_holds_its_last_data(reach):
    """`RAW_TEXTS = []`, emptied (`.clear()`) and filled (`.append(text)`) by the upload
    handler: the pages joined into the prompt are the last upload's, not the empty list it
    starts as, so they end the prefix before the instructions. `SECTIONS`, which functions
    only add to as the module is imported (a registry), stays the constant it is."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzh_")}
    sent = prompts["zhzzzh_uploaded_texts/summary.py:30"]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["break"]["scope"]) == \
        (12, "{text}", "unknown")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (135, 38)


def test_a_hint_only_a_retry_adds_is_not_text_every_request_shares(reach):
    """`attempts = 0; while ...: attempts += 1; if attempts > 1: current += HINT`: the first
    pass, which every request makes, sends the report and a short closing line; the long
    hint is a retry's. So only that line follows the report, and moving it gains too little
    to report (the hint was counted as constant text after the report before)."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzi_")}
    sent = prompts["zhzzzi_retry_hint.py:24"]
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"], sent["gain_tokens"]) == \
        (96, 67, 7)
    assert not [f for f in reach["findings"] if f["path"].startswith("zhzzzi_")]


def test_rules_added_only_under_a_branch_on_the_request_do_not_count_as_following(reach):
    """`if study["critical"]: lines.append(RULES)`: the rules are sent for some studies only,
    as `{% if %}` text is, so they are not constant text that moving the findings above them
    would let every request share: only the short line after the findings is, and that is
    too little to report."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzj_")}
    sent = prompts["zhzzzj_conditional_rules.py:26"]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (14, "study['findings']")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"], sent["gain_tokens"]) == \
        (137, 65, 5)
    assert not [f for f in reach["findings"] if f["path"].startswith("zhzzzj_")]


def test_a_callable_a_class_is_made_with_is_the_client_its_methods_call(reach):
    """`XPathCrawler(api=chat)` keeps `chat` as `self.api`, and `xpath_for` calls
    `self.api(query)`: that call runs the project's `chat`, so the crawler's prompt is sent
    by chat's OpenAI call, measured where `main` calls the crawler (not only as text with no
    call in view)."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzk_")}
    sent = prompts["zhzzzk_handed_llm/run.py:10"]
    assert (sent["sink"], sent["break"]["path"], sent["break"]["expr"]) == \
        ("client of openai.chat", "zhzzzk_handed_llm/crawler.py", "{field}")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (115, 19)
    assert "zhzzzk_handed_llm/crawler.py:4" not in prompts


def test_text_a_method_writes_a_statement_at_a_time_is_what_gemini_is_sent(reach):
    """`prompt = f"..."; prompt += ...; return prompt` in `build_prompt`, then
    `model.generate_content(self.build_prompt(...))` (through a name): the contents are the
    text the method writes, measured at the call; and that text is not measured again on
    its own as a prompt with no call in view, since the call sends every part of it."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzl_")}
    assert sorted(prompts) == ["zhzzzl_gemini_built_prompt.py:25"]
    sent = prompts["zhzzzl_gemini_built_prompt.py:25"]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["tokens_total"]) == \
        (15, "respondent", 117)


def test_a_model_asked_with_predict_text_is_sent_what_it_is_given(reach):
    """`await llm.apredict(text=CONTINUE_STORY.format(...))`: LangChain's `predict` takes the
    prompt as `text`, so the call sends it (found even in a file that never says "prompt"),
    with the story so far before the narration rules."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzm_")}
    assert sorted(prompts) == ["zhzzzm_predict_text.py:20"]
    sent = prompts["zhzzzm_predict_text.py:20"]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["break"]["scope"]) == \
        (7, "{history}", "session")
    assert (sent["tokens_total"], sent["prefix_tokens"]["global"]) == (139, 23)


def test_prompts_written_in_spanish_or_russian_read_as_prompts(reach):
    """A Spanish prompt file (`Eres un evaluador... Responde solo...`) and a Russian prompt
    constant (`Проанализируй... Ты должен ответить...`) that no code in view fills: each
    speaks to a model in its own language, so each is measured on its own, with the value
    in its first line before the rules."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzn_")}
    spanish = prompts["zhzzzn_foreign_prompts/evaluacion.txt"]
    assert (spanish["break"]["expr"], spanish["tokens_total"],
            spanish["prefix_tokens"]["global"]) == ("{informe_sitio}", 150, 9)
    russian = prompts["zhzzzn_foreign_prompts/entrevista.py:3"]
    assert (russian["break"]["expr"], russian["tokens_total"],
            russian["prefix_tokens"]["global"]) == ("{respondent_name}", 144, 8)


def test_a_client_is_handed_on_only_where_its_own_module_is_imported(reach):
    """Two packages each with an `llm.py` defining `chat`: the crawler hands its own to a
    worker (`Worker(api=chat)` after `from .llm import chat`), so that one is measured with
    its parameters unknown as well; the notes app's `chat`, which only its caller calls, is
    not handed by that line and is measured at its caller alone."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzo_")}
    assert sorted(prompts) == ["zhzzzo_two_clients/crawl/llm.py:8",
                               "zhzzzo_two_clients/notes/app.py:11"]
    assert [c["path"] for c in reach["coverage"]["not_followed"]
            if c["path"].startswith("zhzzzo_")] == ["zhzzzo_two_clients/crawl/llm.py"]


def test_the_file_a_command_line_names_is_the_runs_input(reach):
    """`load_text(args.notes)`: the notes file the user points the run at is new with each
    run, so it breaks the prefix before the rules; `load_text(args.style_prompt)` names
    prompt text the deployment gives, and the prompt's start stays shared."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zhzzzp_cli_input_file.py:36")
    assert (prompt["break"]["expr"], prompt["break"]["scope"], prompt["break"]["line"]) == \
        ("notes", "request", 17)
    assert prompt["prefix_tokens"]["global"] == 18


def test_text_a_prompt_sends_in_one_arm_of_a_choice_is_not_measured_alone(reach):
    """`weather = f"...{weather_instructions(forecast)}" if forecast else ""`: the helper's
    instructions reach the prompt on the requests that bring a forecast, so they are sent
    by it, not prompt text with no call in view."""
    assert sorted(p["id"] for p in reach["prompts"] if p["id"].startswith("zhzzzq_")) == \
        ["zhzzzq_branch_text.py:20"]


def test_command_line_tools_run_as_subprocesses_send_prompts(reach):
    """`claude -p PROMPT --append-system-prompt STYLE`, `gemini -p`, `codex exec -` with
    `input=`, `llm -s SYSTEM PROMPT` and `ollama run MODEL` with the text written to its
    standard input by `communicate`: each command line is a request, its options' values
    (`--model`, `--sandbox`) are not the prompt, and `git tag` is no prompt at all."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzr_")}
    assert len(prompts) == 5
    claude = prompts["zhzzzr_command_lines/agents.py:20"]
    assert (claude["break"]["expr"], claude["prefix_tokens"]["global"]) == ("log", 55)
    ollama = prompts["zhzzzr_command_lines/agents.py:46"]
    assert (ollama["break"]["expr"], ollama["break"]["line"]) == ("issue", 48)
    assert (ollama["tokens_total"], ollama["prefix_tokens"]["global"]) == (106, 102)
    assert prompts["zhzzzr_command_lines/agents.py:41"]["tokens_total"] == 53


def test_the_claude_agent_sdk_sends_its_options_system_prompt_then_the_prompt(reach):
    """`query(prompt=diff, options=ClaudeAgentOptions(system_prompt=...))` and a
    `ClaudeSDKClient(options=...)`'s `query(turn)`: the options' system prompt comes first,
    then the prompt; the options object, passed to a call the model reads it through, is
    not a prompt of its own (it was an inferred sink for its `system_prompt=`)."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzs_")}
    assert sorted(prompts) == ["zhzzzs_claude_agent_sdk.py:16", "zhzzzs_claude_agent_sdk.py:24"]
    review = prompts["zhzzzs_claude_agent_sdk.py:16"]
    assert (review["break"]["expr"], review["prefix_tokens"]["global"]) == ("author", 8)
    chat = prompts["zhzzzs_claude_agent_sdk.py:24"]
    assert (chat["tokens_total"], chat["prefix_tokens"]["global"]) == (108, 103)


def test_a_return_below_a_return_never_runs(reach):
    """`return TEMPLATE.format(language=language)` with an older `return f"..."` left below
    it: the template is what the prompt sends (its language a deployment's), and the break
    is in the return that runs, not in the text below it."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzt_")}
    assert sorted(prompts) == ["zhzzzt_unreachable_return.py:45",
                               "zhzzzt_unreachable_return.py:50"]
    summary = prompts["zhzzzt_unreachable_return.py:45"]
    assert (summary["break"]["line"], summary["prefix_tokens"]["global"]) == (46, 113)
    triage = prompts["zhzzzt_unreachable_return.py:50"]
    assert (triage["break"]["line"], triage["break"]["scope"]) == (33, "user")


def test_a_langchain_chat_model_sends_what_its_invoke_is_given(reach):
    """`llm.invoke(messages)` of a model `ChatOpenAI(...)` made in `__init__` or afresh,
    given tools by `bind_tools` and called in a retried inner function: the project's client
    is a sink for the agent that builds the chat in a method, and the agent for the endpoint
    that fills the system prompt; the chat the method builds is not measured alone. A model
    made where it is called (`ChatAnthropic(...).invoke(text)`) sends the text; a filled
    `PromptTemplate` passed to one is measured once, at the template."""
    prompts = {p["id"]: p for p in reach["prompts"]
               if p["id"].startswith("zhzzzu_chat_model_client/")}
    assert sorted(prompts) == ["zhzzzu_chat_model_client/api.py:14",
                               "zhzzzu_chat_model_client/api.py:18",
                               "zhzzzu_chat_model_client/api.py:24"]
    desk = prompts["zhzzzu_chat_model_client/api.py:14"]
    assert (desk["break"]["path"], desk["break"]["line"], desk["prefix_tokens"]["global"]) == \
        ("zhzzzu_chat_model_client/agent.py", 9, 17)
    assert desk["tokens_total"] == 144  # the session's turns one history, as the method
    # makes `HumanMessage` and `AIMessage` objects of them
    title = prompts["zhzzzu_chat_model_client/api.py:18"]
    assert (title["break"]["expr"], title["prefix_tokens"]["global"]) == ("question", 28)
    assert prompts["zhzzzu_chat_model_client/api.py:24"]["tokens_total"] == 44


def test_a_whole_prompt_assigned_in_an_if_without_else_is_one_of_two_prompts(reach):
    """`system = DEFAULT; if passages: system = GROUNDED.format(...)`: each request sends one
    of two whole prompts, each with its own cached prefix, so the choice is no branch at the
    head of the prompt; both are measured, and only the grounded one breaks."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzv_")}
    assert sorted(prompts) == ["zhzzzv_override_prompt.py:28",
                               "zhzzzv_override_prompt.py:28 (arm at line 24)"]
    grounded = prompts["zhzzzv_override_prompt.py:28"]
    assert (grounded["break"]["line"], grounded["prefix_tokens"]["global"]) == (18, 25)
    default = prompts["zhzzzv_override_prompt.py:28 (arm at line 24)"]
    assert (default["break"]["line"], default["prefix_tokens"]["global"]) == (30, 103)


def test_a_chat_object_sends_its_earlier_turns_before_a_later_message(reach):
    """`chat.send_message(contract)`, then `chat.send_message(CHECKLIST)` on the same chat:
    the second request carries the first turn and its reply before the checklist, so the
    checklist is not shared by any two requests."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzw_")}
    checklist = prompts["zhzzzw_chat_turns.py:24"]
    assert (checklist["break"]["line"], checklist["break"]["scope"]) == (23, "session")
    assert (checklist["prefix_tokens"]["global"], checklist["gain_tokens"]) == (21, 139)
    assert prompts["zhzzzw_chat_turns.py:23"]["break"]["expr"] == "contract"


def test_a_template_named_by_a_command_line_options_default_is_the_one_sent(reach):
    """`parser.add_argument("--card-template", default="prompts/card.txt")`, then
    `load(args.card_template)`; `@click.option("--template", "template_path",
    default="prompts/quiz.md")`: the file the script reads when run as documented is the
    template each call fills, so the value it places is found in that file."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzx_")}
    card = prompts["zhzzzx_option_template/cards.py:28"]
    assert (card["break"]["path"], card["break"]["line"]) == \
        ("zhzzzx_option_template/prompts/card.txt", 5)
    assert (card["prefix_tokens"]["global"], card["gain_tokens"]) == (70, 67)
    quiz = prompts["zhzzzx_option_template/quiz.py:15"]
    assert (quiz["break"]["path"], quiz["break"]["line"]) == \
        ("zhzzzx_option_template/prompts/quiz.md", 4)


def test_an_object_a_lifespan_puts_on_the_app_state_is_followed_from_a_route(reach):
    """`app.state.prompts = book` in a FastAPI lifespan, `state = request.app.state` and
    `state.prompts.system()` in a route: the method of the object made there builds the
    system prompt, whose clock reading at its head is the break."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzy_")]
    assert (sent["break"]["path"], sent["break"]["line"], sent["break"]["expr"]) == \
        ("zhzzzy_app_state/desk.py", 14, "datetime.now()")
    assert (sent["prefix_tokens"]["global"], sent["gain_tokens"]) == (14, 92)


def test_a_prompt_file_under_a_version_folder_not_known_here_is_each_version(reach):
    """`PROMPTS / version / "system.md"` of a version the caller chooses: each version the
    project ships is a whole prompt, measured with the file it reads."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzz_")}
    v1 = prompts["zhzzzz_prompt_versions/planner.py:15"]
    v2 = prompts["zhzzzz_prompt_versions/planner.py:15 "
                 "(zhzzzz_prompt_versions/prompts/v2/system.md)"]
    assert "zhzzzz_prompt_versions/prompts/v1/system.md" in v1["files"]
    assert "zhzzzz_prompt_versions/prompts/v2/system.md" in v2["files"]
    assert (v1["tokens_total"], v2["tokens_total"]) == (92, 99)


def test_a_number_an_object_keeps_advancing_is_not_what_init_set(reach):
    """`self.answered = 0` in `__init__`, `self.answered = self.answered + 1` in a method
    each question runs: the prompt holds the count of the questions before it, a value of
    the request, named by the method that advances it; the number no method changes
    (`self.hints_per_answer`) stays the constant `__init__` wrote."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzb_")]
    assert (sent["break"]["line"], sent["break"]["expr"], sent["break"]["scope"]) == \
        (25, "self.answered", "request")
    assert (sent["prefix_tokens"]["global"], sent["gain_tokens"]) == (14, 94)
    [finding] = [f for f in reach["findings"] if f["path"].startswith("zhzzzzb_")]
    assert "(from Tutor._count())" in finding["message"]


def test_an_entry_of_the_dict_a_project_function_returns_is_read_in_that_function(reach):
    """`self.settings = load_settings()` returning `{"language": os.getenv(...)}`, then
    `self.settings.get('language', 'English')`: the deployment's language, not a user's (by
    its name); `today_values()['today']` is the day's date, reported where the prompt puts
    it."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzc_")]
    assert sent["prefix_tokens"]["global"] == 96  # within a day: up to the transcript
    assert sent["across_days"] == {"prefix_tokens": 32, "projected_prefix_tokens": 94,
                                   "gain_tokens": 62}
    [finding] = [f for f in reach["findings"] if f["path"].startswith("zhzzzzc_")]
    assert (finding["code"], finding["expr"]) == ("PFX004", "today_values()['today']")


def test_data_the_project_ships_read_by_a_helper_is_the_deployments(reach):
    """`load_categories()` returning `json.load` of `data/categories.json`, which the project
    ships and never writes: the categories listed from it are the same on every request
    (no finding at the loop that lists them). The entry a customer's id picks from shipped
    data is theirs, and a file the script rewrites (`data/notes.json`) stays unknown."""
    prompts = {p["id"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzzd_")}
    triage = prompts["zhzzzzd_shipped_data/triage.py:33"]
    assert (triage["break"]["line"], triage["break"]["scope"]) == (28, "user")
    assert triage["prefix_tokens"]["global"] == 40  # the categories are in the prefix
    hand_over = prompts["zhzzzzd_shipped_data/triage.py:62"]
    assert (hand_over["break"]["line"], hand_over["break"]["scope"]) == (55, "unknown")


def test_an_entry_a_function_sets_again_is_not_what_its_dict_literal_starts_it_as(reach):
    """`report = {"found_by": "exact"}`, then `report["found_by"] = "fuzzy"` in an arm and
    `return hits, report`: the caller's `report.get('found_by', 'exact')` is not known
    here, so it ends the prefix, not the literal's "exact"."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzze_")]
    assert (sent["break"]["line"], sent["break"]["column"]) == (21, 59)
    assert sent["prefix_tokens"]["global"] == 14


def test_a_crew_s_inputs_given_by_position_fill_its_placeholders(reach):
    """`tutor.kickoff(inputs)` in a route, `inputs = {"question": question}`: a student's
    question fills the role's `{question}`, so it varies with the request, though the
    demonstration's `kickoff(inputs={"question": "What is a derivative?"})` gives a
    constant."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzf_")]
    assert (sent["break"]["expr"], sent["break"]["scope"], sent["prefix_tokens"]["global"]) \
        == ("{question}", "request", 5)


def test_a_prompt_file_s_entry_keyed_by_an_attribute_is_read_from_the_file(reach):
    """`self.prompts[self.style]["user"]`, `self.style = "strict"` and `self.prompts` a JSON
    document a helper loads: the strict entry's text, its `[STORY]` slot before the review's
    rules, reported in the file where the fix is made."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzg_")]
    assert "zhzzzzg_keyed_by_attribute/data/review_prompts.json" in sent["files"]
    assert (sent["break"]["path"], sent["break"]["expr"], sent["prefix_tokens"]["global"]) \
        == ("zhzzzzg_keyed_by_attribute/data/review_prompts.json", "[STORY]", 43)


def test_a_dict_whose_entries_a_method_changes_is_not_what_init_wrote(reach):
    """`self.mood = {"cheer": 50, ...}` in `__init__`, `self.mood[feeling] = ...` in
    `nudge()`: the `if` on its cheer and the patience it quotes vary with the conversation
    (the request's, from the method that changes them); `self.style`, which no method
    changes, keeps the tone `__init__` wrote."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzh_")]
    assert (sent["break"]["line"], sent["break"]["scope"], sent["prefix_tokens"]["global"]) \
        == (24, "request", 10)
    [finding] = [f for f in reach["findings"] if f["path"].startswith("zhzzzzh_")]
    assert "(from Companion.nudge())" in finding["message"]


def test_the_messages_a_generator_yields_are_the_prompt_in_order(reach):
    """`list(self._rendered(header + system, request))`, where `_rendered` yields the system
    message, each kept turn (`for turn in self.turns: yield turn`) and the request: the
    dated header heads the system message, then the guide's rules, then the thread."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzi_")]
    assert sent["across_days"]["prefix_tokens"] == 7  # `Today is ` and the system role
    assert (sent["break"]["line"], sent["break"]["scope"], sent["prefix_tokens"]["global"]) \
        == (34, "session", 145)  # within a day: the rules, then the kept turns
    assert sent["tokens_total"] == 172  # and the request after them


def test_a_project_client_s_own_chat_method_is_followed_not_a_library_s(reach):
    """`self.client.chat(system=..., messages=self.turns)` where `self.client` is the
    project's `TutorClient` (also when made by `writer or Copywriter()`): its `chat` is the
    project's wrapper, which puts `system` first, not any client's `chat(messages=...)`,
    which would drop the system text and its learner's level."""
    for prefix, expr in (("zhzzzzj_", "{level}"), ("zhzzzzk_", "{product}")):
        [sent] = [p for p in reach["prompts"] if p["id"].startswith(prefix)]
        assert (sent["sink"], sent["break"]["expr"]) == ("client of openai.chat", expr)


def test_a_template_made_at_import_is_filled_where_its_chain_runs(reach):
    """`REHEARSAL = ChatPromptTemplate(...)`, `rehearsal = REHEARSAL | llm` and
    `RunnableWithMessageHistory(rehearsal, ...)` at the top of a module, invoked in another
    module's method with `self.role`, which a FastAPI form's `role: str = Form(...)` made:
    the counterpart's part is each request's, though its name reads as an agent's role. A
    chain run by a function of its own module (`coach.invoke({"exam": user.exam})`) is
    filled there too."""
    by_path = {f["path"]: f for f in reach["findings"]}
    found = by_path["zhzzzzl_chain_by_form/chains.py"]
    assert (found["expr"], found["scope"]) == ("{role}", "request")
    assert "passed at zhzzzzl_chain_by_form/api.py:14" in found["message"]
    found = by_path["zhzzzzm_chain_filled_below.py"]
    assert (found["expr"], found["scope"]) == ("{exam}", "user")


def test_a_command_line_option_of_free_text_without_default_is_the_run_s_request(reach):
    """`add_argument("--city", type=str)`, no default, no choices: what each run is given,
    before the tour guide's rules; `--tone`, a choice with a default, stays a setting."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzzzn_free_text_option.py"]
    assert (found["expr"], found["scope"], found["gain_tokens"]) == ("args.city", "request", 139)


def test_double_braces_of_a_chat_template_of_format_strings_are_text(reach):
    """A YAML chat template whose user message is a format string (`{receipt_text}`): the
    JSON schema written with `{{ "merchant": ... }}` in the system message and the CSS rule
    `{{border: ...}}` in another are braces the model is shown, not values; the prompt is
    constant up to the receipt."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzo_")]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (30, "{receipt_text}")
    assert not any(f["path"].startswith("zhzzzzo_") for f in reach["findings"])


def test_a_file_written_where_a_loaded_setting_names_it_does_not_loop(reach):
    """The log is opened for writing in a folder named after the agent the settings file
    names, and the settings are read from a document the same module loads: finding the
    files a module writes asks what the module loads, which asks what it writes. Measured
    (it was an internal error): the question before the rules, the agent's name the
    deployment's."""
    [sent] = [p for p in reach["prompts"] if p["id"].startswith("zhzzzzp_")]
    assert (sent["break"]["line"], sent["break"]["expr"]) == (32, "question")
    assert not any(f["path"].startswith("zhzzzzp_") and f["code"] == "PFX900"
                   for f in reach["findings"])


def test_a_prompt_file_a_project_service_loads_and_fills_by_key_is_followed(reach):
    """`desk.prompts.load("triage")` names the file by `Path(name).with_suffix(".txt").name`
    under the service's folder, `render` fills it with `for key, value in data.items():
    text = text.replace("{" + key + "}", str(value))`, and `desk: Desk` is a module
    function's first parameter (no object of its own): the message is measured where it
    is sent, passed at the render call."""
    [sent] = [p for p in reach["prompts"] if p["id"] == "zhzzzzq_prompt_service/triage.py:13"]
    assert (sent["break"]["expr"], sent["break"]["scope"]) == ("{message}", "request")
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzzzq_")
               and "passed at" in f["message"]]
    assert "passed at zhzzzzq_prompt_service/triage.py:12" in found["message"]


def test_what_an_object_made_at_start_up_returns_for_a_call_s_values_is_not_a_setting(reach):
    """`recognizer = whisper.load_model("small")` at import is the deployment's, but
    `recognizer.transcribe(recording)` returns what each recording says: not a setting (it
    was read as one, and the kiosk's prompt passed); a value of unknown scope here."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzzzr_transcribed_words.py"]
    assert (found["code"], found["expr"], found["scope"]) == ("PFX005", "heard", "unknown")
    assert "from result.text" in found["message"]


def test_a_thread_message_given_as_text_parts_is_one_message_of_its_parts(reach):
    """`messages.create(content=[{"type": "text", "text": week}, {"type": "text", "text":
    INSTRUCTIONS}])`: the parts in order, the week before the standing instructions (they
    were read as two empty messages, and nothing was measured)."""
    [sent] = [p for p in reach["prompts"] if p["id"] == "zhzzzzs_thread_parts.py:21"]
    assert (sent["tokens_total"], sent["across_days"]["prefix_tokens"],
            sent["across_days"]["gain_tokens"]) == (117, 8, 96)


def test_prompts_of_a_table_nested_by_model_and_style_are_measured(reach):
    """`PROMPTS["chat_models"]["with_history"]["concise"]`: each text of a table of tables
    is prompt text, measured on its own when no call in view sends it (the nested tables
    were not read, and the course assistant's notes before its rules went unseen)."""
    texts = sorted((p["line"], p["tokens_total"]) for p in reach["prompts"]
                   if p["id"].startswith("zhzzzzt_"))
    assert texts == [(8, 140), (18, 50)]


def test_a_console_chat_s_setup_question_is_the_session_s(reach):
    """`theme = input(...)` asked once, before the loop that asks `input("> ")` for each
    turn: the run's value, so the prefix each turn reuses runs through the kept turns to the
    newest guess (it was read as each request's, ending the session's prefix at the theme)."""
    [sent] = [p for p in reach["prompts"] if p["id"] == "zhzzzzu_setup_question.py:24"]
    assert (sent["break"]["expr"], sent["break"]["scope"]) == ("theme", "session")
    assert (sent["prefix_tokens"]["user"], sent["prefix_tokens"]["session"]) == (114, 157)


def test_a_baml_function_s_prompt_is_measured_as_baml_sends_it(reach):
    """A `.baml` function: a system message until `_.role("user")`, the template string it
    calls inlined, `ctx.output_format` written from the return class (its descriptions as
    comments, the enum's values), and the ticket, a parameter whose name says nothing, a
    request's value before the house rules; the thank-you note's name comes last."""
    sent = {p["sink"]: p for p in reach["prompts"] if p["id"].startswith("zhzzzzv_")}
    assert sent["baml TriageTicket"]["tokens_total"] == 195
    assert (sent["baml TriageTicket"]["break"]["expr"],
            sent["baml TriageTicket"]["break"]["scope"]) == ("{{ ticket }}", "request")
    assert sent["baml ThankYou"]["prefix_tokens"]["global"] == 62
    proc = run_cli("render", "--no-color", "zhzzzzv_baml/baml_src/support.baml:26", cwd=REACH)
    lines = [line.strip() for line in proc.stdout.splitlines()]
    start = lines.index("Answer in JSON using this schema:")
    assert lines[start:start + 8] == [
        "Answer in JSON using this schema:", "{",
        "// One of Repairs, Fitting, Orders, Billing or Other", "queue: string,",
        "urgency: 'LOW' or 'NORMAL' or 'HIGH',",
        "// One sentence under twenty words, in the customer's own language.",
        "summary: string,", "}"]
    assert lines[start + 8:start + 10] == ["<|user|>", ""]
    assert any(line.startswith("Choose Repairs for anything broken") for line in lines)


def test_a_list_a_chat_loop_appends_to_after_sending_it_is_the_history(reach):
    """`history = []` before the loop, `*history` sent, `history.append(...)` after the
    reply: every pass but the first sends the turns the earlier ones kept, so the notes
    looked up for each question, in the system message, come before the history (PFX006);
    the list was read as the empty list it starts as."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzzzw_loop_history.py"]
    assert (found["code"], found["expr"], found["scope"]) == ("PFX006", "notes", "request")


def test_a_count_of_results_is_a_number_not_a_body_of_text():
    """`max_results` names how many results to return, not retrieved text whose length each
    request sets: the prompt's measured length stands, and under OpenAI's minimum both
    request values are info (the word 'results' made the prompt's length unknown, and
    kept them errors)."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "--provider", "auto", "zhzzzzx_count_param.py", cwd=REACH)
    found = [(f["line"], f["expr"], f["severity"]) for f in json.loads(proc.stdout)["findings"]]
    assert found == [(13, "topic", "info"), (14, "max_results", "info")]


def test_prompt_text_below_a_return_is_no_prompt(reach):
    """`tone_prompt = f"As a {data['genre']} author..."` left below the handler's `return
    jsonify(...)` never runs: only the prompt the handler sends is measured, and nothing in
    the file is reported (the dead text was a PFX001)."""
    assert [p["id"] for p in reach["prompts"]
            if p["id"].startswith("zhzzzzze_")] == ["zhzzzzze_code_after_return.py:16"]
    assert not [f for f in reach["findings"] if f["path"].startswith("zhzzzzze_")]


def test_rows_of_a_literal_table_unpacked_in_a_loop_are_not_written_whole(reach):
    """`for key, label in (("news", "RECENT NEWS"), ...)`: each heading is its row's label
    between the findings, so the account's name at the top is followed by no long constant
    text (written as whole tuples, the headings made 53 constant tokens: a PFX002)."""
    assert not [f for f in reach["findings"] if f["path"].startswith("zhzzzzzf_")]
    assert [p["id"] for p in reach["prompts"] if p["id"].startswith("zhzzzzzf_")] == \
        ["zhzzzzzf_section_rows/runner.py:6"]


def test_a_call_below_a_return_is_not_where_a_prompt_text_is_used(reach):
    """`tone = helpers.tone_prompt(data)` under a function's `return reply.content[0].text`
    never runs: the builder's finding names only its own lines, not that call (it named
    app.py, where a user would look for a prompt the file does not send)."""
    [found] = [f for f in reach["findings"] if f["path"].startswith("zhzzzzzg_")]
    assert [(r["path"], r["line"]) for r in found["related"]] == \
        [("zhzzzzzg_dead_caller/helpers.py", 9)]


def test_a_conversation_object_sends_what_its_constructor_and_its_caller_added(reach):
    """`conversation.send()` sends the object's messages: the system message its `__init__`
    added through its own method (the dated rules, 100 tokens), then the caller's turn with
    the staged diff, passed on by keyword to a method that hands `**params` to the SDK."""
    [prompt] = [p for p in reach["prompts"]
                if p["id"] == "zhzzzzzl_conversation_object/commit_message.py:22"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (164, 100)
    assert prompt["break"]["expr"] == "diff"


def test_a_parameter_made_by_its_default_holds_what_that_object_holds(reach):
    """`def summary_chain(settings: Settings = get_settings())`, called with nothing: the
    settings object the default makes, whose field default is the system text (the only
    parameter, not a request body whose field defaults are placeholders)."""
    [prompt] = [p for p in reach["prompts"]
                if p["id"] == "zhzzzzzo_settings_default/api.py:14"]
    assert (prompt["tokens_total"], prompt["break"]["path"]) == (
        94, "zhzzzzzo_settings_default/texts.py")


def test_the_lines_of_a_packaged_file_joined_again_are_that_files_text(reach):
    """`"\\n".join(line for line in text.splitlines() if ...)` of a file the package ships is
    the file's text (its comment line included, a close upper bound), read from the package
    folder: constant, whatever `prompt` suggests; the diff after it is the break."""
    [prompt] = [p for p in reach["prompts"]
                if p["id"] == "zhzzzzzq_package_prompt/scribe/commit.py:24"]
    assert (prompt["tokens_total"], prompt["break"]["expr"]) == (119, "diff")


def test_a_breakpoint_after_a_value_of_unknown_scope_waits_for_its_scope(tmp_path):
    """PFX013 after `notes` only once the configuration says `notes` varies per request: a
    value nothing classifies is not called per-request by the breakpoint's finding."""
    from conftest import write_project

    source = (REACH / "zhzzzzzr_breakpoint_unknown.py").read_text()
    root = write_project(tmp_path / "p", {"app.py": source}, '[variables]\nnotes = "request"\n')
    result = api.check([], api.load_config(root), cwd=root)
    assert [(f.code, f.span.line, f.span.column) for f in result.findings] == [
        ("PFX001", 13, 55), ("PFX013", 14, 33)]  # (in the reach suite, with no declared
    # scope: neither, as REACH_FINDINGS pins)


def test_a_value_deep_in_a_block_names_where_the_block_is_placed(reach):
    """The first number of a facts block a helper formats is the break, in the helper's
    file; the file that puts the whole block above its rules (`FACTS:\n{facts_text(s)}`) is
    where it moves from, so the finding names it too. A percent format (`{x:.1%}`) is a
    number's, no day's."""
    found = [f for f in reach["findings"] if f["path"].startswith("zhzzzzzu_formatted_facts/")]
    assert [(f["code"], f["line"]) for f in found] == [("PFX001", 6)]
    assert [(r["path"], r["line"]) for r in found[0]["related"]] == [
        ("zhzzzzzu_formatted_facts/facts.py", 7), ("zhzzzzzu_formatted_facts/facts.py", 8),
        ("zhzzzzzu_formatted_facts/insights.py", 8), ("zhzzzzzu_formatted_facts/api.py", 12)]


def test_an_environment_variable_in_a_fenced_shell_example_is_text(reach):
    """`${EXPORT_BASE_URL}` in a ```bash block of a prompt nothing in view fills is the
    sandbox's variable the model is shown; the first value is `${team}` below the rules."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zhzzzzzv_shell_example.py:5"]
    assert (prompt["break"]["expr"], prompt["break"]["line"]) == ("${team}", 20)
    assert not [f for f in reach["findings"] if f["path"] == "zhzzzzzv_shell_example.py"]


def test_a_base_class_method_sends_each_subclass_s_own_prompt(reach):
    """`judge()` of the base class reads `self.kind`, which each subclass's `__init__` sets:
    the stepwise judge's prompt (named by the line that sets its kind) is measured as one
    of its own, and its answer before the steps is found after the system message (92
    tokens), not only in the text measured alone."""
    [found] = [f for f in reach["findings"]
               if f["path"] == "zhzzzzzw_subclass_strategy/judge_prompts.json"]
    assert found["prompt"] == "zhzzzzzw_subclass_strategy/judges.py:23 (arm at line 30)"
    assert "after 92 tokens" in found["message"]


def test_a_marker_replaced_in_a_third_file_names_the_line_that_replaces_it(reach):
    """`ANSWER_PROMPT.replace("--question--", question)` in the agent, of a question the web
    route passes in: the finding stands at the marker and names the agent's line, where the
    question moves from (as a `.format` placeholder filled there already does)."""
    [found] = [f for f in reach["findings"]
               if f["path"] == "zhzzzzzx_replaced_elsewhere/texts.py"]
    assert [(r["path"], r["line"]) for r in found["related"]] == [
        ("zhzzzzzx_replaced_elsewhere/agent.py", 9), ("zhzzzzzx_replaced_elsewhere/api.py", 16)]
    assert "passed at zhzzzzzx_replaced_elsewhere/agent.py:9" in found["message"]


def test_a_prompt_file_read_whole_is_not_where_a_value_appended_to_it_is_placed(reach):
    """`GUIDE + "\n" + notes + ...`: the guide file's text comes just before the caller's
    notes, but the code appends them; the finding names no place in the guide file."""
    [found] = [f for f in reach["findings"] if f["path"] == "zhzzzzzy_guide_appended/filters.py"]
    assert found["related"] == []


def test_a_client_lifting_a_leading_system_message_reads_the_callers_role(reach):
    """`if messages[0]["role"] == "system": system = messages[0]["content"]` of a caller's
    one user message: the test is known false, so the prompt is sent once, as the user
    message (counted twice, the judge's question was followed by its own copy's rules)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zia_system_lifted/judge.py:16"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (182, 144)
    assert not [f for f in reach["findings"] if f["path"].startswith("zia_system_lifted/")]


def test_a_placeholder_filled_out_of_view_takes_the_value_written_beside_its_text(reach):
    """The pipeline's `run(variables)` is not followed to the template it fills: a dict in
    the function that writes the text, keyed by the placeholder, and a constant named as
    the placeholder in the module that writes it, are what fills it (constant here, so no
    value of unknown scope ends the prefix at the format example)."""
    prompts = {p["id"]: p for p in reach["prompts"]
               if p["id"].startswith("zib_pipeline_variables/")}
    assert {i: (p["tokens_total"], p["prefix_tokens"]["global"]) for i, p in prompts.items()} \
        == {"zib_pipeline_variables/steps.py:20": (205, 201),
            "zib_pipeline_variables/steps.py:26": (199, 195)}
    assert not [f for f in reach["findings"]
                if f["path"].startswith("zib_pipeline_variables/")]


def test_an_import_in_another_case_finds_the_module_a_case_insensitive_system_would(reach):
    """`import hunt_prompts` of `Hunt_Prompts.py`: its message dicts are followed, so the
    indicator before the hunt rules is found where the agent writes it."""
    [found] = [f for f in reach["findings"] if f["path"] == "zic_import_case/agent.py"]
    assert [(r["path"], r["line"]) for r in found["related"]] == \
        [("zic_import_case/Hunt_Prompts.py", 19)]
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zic_import_case/agent.py:11"]
    assert prompt["tokens_total"] == 165


def test_a_loader_returning_its_cache_first_returns_what_it_stores_below(reach):
    """`if name in self._cache: return self._cache[name]` before the file is read and
    stored: the cached entry is the file's text, so the template the agent fills is sent
    whole and its title is passed at the agent's line."""
    found = [f for f in reach["findings"]
             if f["path"] == "zid_async_loader/prompts/draft_rule.txt"]
    assert [f["expr"] for f in found] == ["{title}", "{content}"]
    assert all("passed at zid_async_loader/rules.py:10" in f["message"] for f in found)


def test_a_template_handed_to_the_client_with_its_values_is_filled_by_them(reach):
    """`client.run(_draw_template(), values)`: the template a project helper makes (once, in
    a getter that keeps it in a global) is piped to the model and invoked with the client's
    other parameter, so the caller's dict fills it: the subject is the request's question,
    not a field of unknown scope."""
    [found] = [f for f in reach["findings"] if f["path"] == "zie_template_handed/node.py"]
    assert (found["code"], found["expr"], found["scope"]) == ("PFX001", "{subject}", "request")
    assert "from state.question" in found["message"]


def test_a_returned_prompt_trimmed_as_it_is_returned_is_measured(reach):
    """`return f"...".strip()` and `return dedent(f"...")` of a triple-quoted text: it is
    the prompt the function builds, and trimming its edges does not hide it."""
    prompts = {p["id"]: (p["tokens_total"], p["prefix_tokens"]["global"])
               for p in reach["prompts"] if p["path"] == "zif_trimmed_return.py"}
    assert prompts == {"zif_trimmed_return.py:8": (159, 24),
                       "zif_trimmed_return.py:30": (115, 13)}


def test_a_method_of_an_object_made_on_the_spot_is_what_it_returns(reach):
    """`PlanPrompt().build(goal)`: the method of the class the call makes builds the prompt,
    so the call that sends it measures the plan's text (it was one opaque value there, and
    the text measured alone)."""
    prompts = {p["id"]: (p["tokens_total"], p["prefix_tokens"]["global"])
               for p in reach["prompts"] if p["path"] == "zig_fresh_builder.py"}
    assert prompts == {"zig_fresh_builder.py:24": (100, 7)}
    [found] = [f for f in reach["findings"] if f["path"] == "zig_fresh_builder.py"]
    assert found["prompt"] == "zig_fresh_builder.py:24"


def test_braces_a_json_text_writes_into_an_f_string_are_not_its_fields(reach):
    """`f"{rules}\n\n{json.dumps(SHAPES)}"`: the shapes' "{day}" and "{hours}" are the
    JSON's text, written in place by the expression, never fields a later fill replaces;
    the message is the same for every request (each was reported as a value before)."""
    [prompt] = [p for p in reach["prompts"] if p["path"] == "zih_schema_in_text.py"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (260, 260)
    assert not [f for f in reach["findings"] if f["path"] == "zih_schema_in_text.py"]


def test_a_loop_that_trims_the_conversation_keeps_the_order_it_was_given(reach):
    """`while used > budget: messages = [messages[0]] + messages[2:]` may not run, and only
    drops the oldest turns when it does: the list sent is the one built before it, with the
    citation rules after the conversation (the loop's slice was read as the whole list, and
    the rules were lost from the prompt)."""
    [prompt] = [p for p in reach["prompts"] if p["path"] == "zii_trimmed_history.py"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (202, 36)
    [found] = [f for f in reach["findings"] if f["path"] == "zii_trimmed_history.py"]
    assert (found["code"], found["expr"], found["gain_tokens"]) == ("PFX001", "question", 120)


def test_a_registry_of_objects_kept_under_their_own_names_is_no_request_state(reach):
    """`self._tools[tool.name] = tool` in `register`: what was registered (at start-up, in
    the agent's `__init__`), not state a method changes between requests, so the tools sent
    first are the deployment's (they were a request's value ending the prefix at token 6)."""
    [prompt] = [p for p in reach["prompts"] if p["path"] == "zij_tool_registry/agent.py"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (94, 90)
    assert prompt["break"]["expr"] == "alert"
    assert not [f for f in reach["findings"] if f["path"].startswith("zij_tool_registry/")]


def test_a_script_that_sends_at_its_top_level_sends_what_that_run_computed(reach):
    """A cron script reads the day's rows and today's date at its top level and sends the
    prompt there, or through its own helper: each run is one request, so those values are
    the run's, not constants of a process that later requests share (they were `deploy`,
    and the date a stale-clock note)."""
    found = sorted((f["path"], f["code"], f["expr"], f["gain_tokens"])
                   for f in reach["findings"] if f["path"].startswith("zik_daily_script/"))
    assert found == [("zik_daily_script/direct.py", "PFX004", "today", 109),
                     ("zik_daily_script/direct.py", "PFX005", "fixtures", 109),
                     ("zik_daily_script/helper.py", "PFX005", "json.dumps(tickets, indent=2)",
                      84)]
    # an agent made at the top level is used by requests made later: not one itself
    [made] = [p for p in reach["prompts"] if p["path"] == "zik_daily_script/shop_app.py"]
    assert (made["tokens_total"], made["break"]) == (97, None)


def test_a_shipped_template_unless_a_job_names_its_own_reaches_the_prompt(reach):
    """`load_prompt(path) if path else load_prompt(DEFAULT_MERGE)`: the same loader, with a
    path a job may give or the file the project ships, which is what is sent unless a
    deployment names its own; it reaches the prompt through the helper that puts a header
    before it (it was a branch on the path, so the header's values seemed followed by
    almost nothing)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zil_default_template/jobs.py:45"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (115, 7)
    [found] = [f for f in reach["findings"] if f["path"] == "zil_default_template/jobs.py"
               and f["code"] == "PFX005"]
    assert (found["expr"], found["gain_tokens"]) == ("record['topic']", 92)


def test_a_constant_of_a_settings_module_is_the_deployments_whatever_its_words(reach):
    """`config.STORE_ID` of a module that fills its globals from config.yaml when imported:
    a module's constant, spelled as one, is a setting of the deployment; its word `id` made
    it the request's, a false break before the store's whole set of rules."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zim_config_globals/builder.py:18"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (135, 131)
    assert prompt["break"]["expr"] == "description"
    assert not [f for f in reach["findings"] if f["path"].startswith("zim_config_globals/")]


def test_a_global_a_function_sets_holds_what_it_set_not_its_placeholder(reach):
    """`SCENE = None` at the top, `global SCENE; SCENE = ...` where a photo is described: a
    follow-up question reads the scene that function set, which ends the prefix before the
    answering rules (it read `None`, constant text, and the rules seemed cached)."""
    [found] = [f for f in reach["findings"] if f["path"] == "zin_scene_global.py"]
    assert (found["code"], found["line"], found["expr"], found["gain_tokens"]) == \
        ("PFX001", 37, "SCENE", 103)
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zin_scene_global.py:38"]
    assert prompt["prefix_tokens"]["global"] == 31
    # `TRANSCRIPT = ""`, then `global TRANSCRIPT; TRANSCRIPT = handle.read()`: the same
    [found] = [f for f in reach["findings"] if f["path"] == "zit_loaded_transcript.py"]
    assert (found["code"], found["expr"], found["gain_tokens"]) == ("PFX001", "TRANSCRIPT", 85)


def test_rules_another_file_writes_after_the_history_are_named_with_the_break(reach):
    """The citation rules sent as a message after the conversation are written in
    rules.py: the history's finding names that file too, where the fix can be made (move
    the rules before the history), as it names a later text of the value's own message;
    not from a value in the tools, which are sent before any message."""
    found = {f["path"]: f for f in reach["findings"]
             if f["path"].startswith("zio_rules_after_history/")}
    history = found["zio_rules_after_history/desk.py"]
    assert (history["code"], history["expr"], history["gain_tokens"]) == \
        ("PFX003", "self.turns", 117)
    assert [(r["path"], r["line"]) for r in history["related"]] == \
        [("zio_rules_after_history/rules.py", 5)]
    # a reader's branch in a tool's description: the tools go before every message, so
    # the rules of the system message cannot move before it and are not named
    tool = found["zio_rules_after_history/lookup.py"]
    assert (tool["code"], tool["expr"], tool["related"]) == ("PFX005", "branch", [])


def test_an_object_made_on_first_use_is_the_one_the_code_makes_by_default(reach):
    """`_provider = None`, then `if _provider is None:` one of two classes by a setting:
    the placeholder's setter is not one plain assignment, so the read follows the code as
    it stands (the local server's post, the default arm), not the first class named."""
    sinks = {p["id"]: p["sink"] for p in reach["prompts"]
             if p["path"].startswith("zip_lazy_provider/")}
    assert sinks == {"zip_lazy_provider/providers.py:13": "openai.chat",
                     "zip_lazy_provider/rhymes.py:12": "client of http.post"}


def test_a_clients_role_labels_around_a_callers_prompt_are_not_where_it_moves_from(reach):
    """A completion client writes `{system}\n\nUser: {prompt}\n\nAssistant:`: the
    receipt's text breaks before the caller's layout rules, whose fix is in the caller's
    template; the client's role labels around the whole prompt are no place to move it from
    (the client was named as one, a false alarm on a client file nothing is wrong with)."""
    [found] = [f for f in reach["findings"] if f["path"].startswith("zir_completion_wrapper/")]
    assert (found["path"], found["expr"], found["gain_tokens"], found["related"]) == \
        ("zir_completion_wrapper/receipts.py", "{text}", 109, [])


def test_a_sorted_list_an_object_was_made_with_is_the_deployments(reach):
    """`", ".join(sorted(verbs))` of the verbs a parser was constructed with: joined in a
    method `__init__` calls, it varies as `verbs` does, the object's for its lifetime (it
    was a loop over an unclassified `sorted`, a false break before the parsing rules)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zis_sorted_choices.py:23"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (112, 106)
    assert prompt["break"]["expr"] == "command"
    assert not [f for f in reach["findings"] if f["path"] == "zis_sorted_choices.py"]


def test_a_template_another_module_holds_is_measured_where_it_is_filled(reach):
    """`templates.RULE_WRITER_PROMPT.format(function_specs=..., first_example=json.dumps(
    {...}))`: the module's template is filled through its import with a shipped file and
    JSON of literal dicts, so it is measured there, whole and constant; measured alone, its
    placeholders were unclassified values before the steps (three false alarms)."""
    [prompt] = [p for p in reach["prompts"]
                if p["id"] == "ziu_module_template_filled/session.py:20"]
    assert (prompt["sink"], prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == \
        ("text", 258, 258)
    assert not [p for p in reach["prompts"]
                if p["path"] == "ziu_module_template_filled/templates.py"]
    assert not [f for f in reach["findings"]
                if f["path"].startswith("ziu_module_template_filled/")]


def test_json_of_the_dict_a_helper_returns_is_written_in_its_key_order(reach):
    """`payload = _payload(league, week, cards)`, then `json.dumps(payload)` as the user's
    message: the helper returns one dict written out, whose values come before its rules,
    so the week's values end the prefix before them (it was one opaque value at the end)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "ziv_returned_payload.py:37"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (184, 23)
    found = [(f["code"], f["line"], f["expr"], f["gain_tokens"]) for f in reach["findings"]
             if f["path"] == "ziv_returned_payload.py"]
    assert found == [("PFX005", 12, "league", 147), ("PFX005", 13, "week", 147),
                     ("PFX005", 14, "items", 146)]


def test_a_playground_chat_of_text_parts_is_measured_with_its_placeholders(reach):
    """A module's chat whose messages hold their text as one text part (`"content":
    [{"type": "text", "text": "..."}]`), filled by a helper that replaces `{name}` in each
    part: measured on its own, the prospect's details end the prefix before the rules;
    `{first name of the prospect}` is a slot the model fills, words no code passes a value
    by, and no placeholder (the chat was one constant text and the break was missed)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "ziw_playground_chat/prompts.py:3"]
    assert (prompt["sink"], prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == \
        ("text", 189, 59)
    found = [(f["code"], f["line"], f["expr"], f["gain_tokens"]) for f in reach["findings"]
             if f["path"].startswith("ziw_playground_chat/")]
    assert found == [("PFX005", 17, "{company}", 96), ("PFX005", 17, "{prospect}", 96),
                     ("PFX005", 17, "{summary}", 94)]


def test_a_conversation_turned_into_message_objects_is_the_history(reach):
    """`for turn in messages:` appending a `HumanMessage` or an `AIMessage` by each turn's
    role: the client's conversation, carried from turn to turn, so the articles found for
    this question, put before it, make every turn prefill it again (PFX006; the loop was
    read as one user message and the articles as followed by 5 tokens)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "zix_message_history.py:29"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (170, 124)
    found = [(f["code"], f["line"], f["expr"], f["severity"]) for f in reach["findings"]
             if f["path"] == "zix_message_history.py"]
    assert found == [("PFX006", 23, "found", "error")]


def test_sections_joined_without_the_empty_ones_are_the_prompt(reach):
    """`"\n\n".join(filter(None, sections))`: the sections in order, those left empty
    adding no text, so the count of changed files ends the prefix before the rules (the
    whole prompt was one value of the request)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "ziy_filtered_sections.py:35"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (149, 26)
    found = [(f["code"], f["line"], f["expr"], f["gain_tokens"], f["severity"])
             for f in reach["findings"] if f["path"] == "ziy_filtered_sections.py"]
    assert found == [("PFX005", 27, "len(files)", 115, "warning")]


def test_a_global_set_at_start_up_and_again_under_an_if_holds_the_start_ups_object(reach):
    """`STORE = None`, set by `start()` and, only `if STORE is None`, where texts are added:
    the request's handler reads the store start-up made, so the passages it finds come
    before the guide (it read `None`, decided `if STORE is not None` false, and the
    passages were left empty)."""
    [prompt] = [p for p in reach["prompts"] if p["id"] == "ziz_store_global.py:43"]
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (128, 8)
    found = [(f["code"], f["line"], f["expr"], f["gain_tokens"]) for f in reach["findings"]
             if f["path"] == "ziz_store_global.py"]
    assert found == [("PFX001", 36, "passages", 95)]


def test_escaped_fields_of_an_f_string_template_are_values_the_library_fills():
    """`{titles}` is filled in the f-string, `{{context_str}}` and `{{query_str}}` when the
    library answers: the titles are followed only by labels of those values, so info."""
    proc = run_cli("check", "--output-format", "json", "--no-cache", "--fail-on", "info",
                   "zal_agent_steps/synth.py", cwd=REACH)
    found = [(f["line"], f["expr"], f["severity"]) for f in json.loads(proc.stdout)["findings"]]
    assert found == [(11, "titles", "info"), (13, "{context_str}", "info")]


def test_a_project_loader_links_its_template_and_binds_the_positional_mapping(reach):
    """D: `load(name, values)` builds a Jinja environment on a folder and renders a dict
    passed positionally: the `.prompt` file is part of the prompt, `diff` is bound to the
    caller's value, and the finding names the render that passes it and the call that sends
    it."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "d_loader.py:15")
    assert "templates/reviewer/review.prompt" in prompt["files"]
    finding = next(f for f in reach["findings"] if f["prompt"] == "d_loader.py:15")
    assert finding["expr"] == "diff" and finding["gain_tokens"] > 150
    assert [(r["path"], r["line"]) for r in finding["related"]] == [
        ("d_loader.py", 10), ("d_loader.py", 15)]


def test_a_loader_folder_from_a_helper_and_history_added_with_plus(reach):
    """`FileSystemLoader(resource_dir("agents/prompts"))` with the helper not in view: the
    literal folder is found above the module; `[system] + state["messages"]` puts the
    conversation after the template, so its closing clock reading is before the history."""
    finding = next(f for f in reach["findings"] if f["path"] == "agents/prompts/planner.md")
    assert [(r["path"], r["line"]) for r in finding["related"]] == \
        [("agents/loader.py", 13), ("agents/loader.py", 14), ("agents/loader.py", 15)]
    prompt = next(p for p in reach["prompts"] if p["id"] == "agents/loader.py:15")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (157, 130)


def test_messages_made_and_sent_by_methods_each_backend_implements(reach):
    """The base class declares `system_message`, `user_message` and `submit` abstract; two
    backends implement them (one with static methods). The call is one prompt, built with the
    sending backend's own message methods: the question in the system message is the break."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "backends/base.py:26")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (98, 15)
    assert [p["id"] for p in reach["prompts"] if p["id"].startswith("backends/")] == \
        ["backends/base.py:26"]


def test_a_field_default_is_read_through_a_classmethod_constructor(reach):
    """F: `Settings.from_config(cfg)` returns `cls(**...)`; `settings.answer_system` is the
    dataclass field's default, the prompts module's constant, whose `{notes}` is filled per
    request before the history placeholder: the finding names the line that passes the
    notes (`ainvoke`), then the template's call site."""
    finding = next(f for f in reach["findings"] if f["path"] == "settings_app/prompts.py")
    assert finding["prompt"] == "settings_app/graph.py:9"
    assert "passed at settings_app/graph.py:12" in finding["message"]
    assert [(r["path"], r["line"]) for r in finding["related"]] == [
        ("settings_app/graph.py", 12), ("settings_app/graph.py", 9)]
    prompt = next(p for p in reach["prompts"] if p["id"] == "settings_app/graph.py:9")
    assert (prompt["tokens_total"], prompt["prefix_tokens"]["global"]) == (152, 21)
    assert "settings_app/prompts.py" in prompt["files"]


def test_a_clock_read_by_a_kept_object_is_stale_not_breaking(reach):
    """G: every Desk is kept in a module-level dict, so the time its __init__ reads is the
    same for every request to that desk: the prefix is shared (info PFX007, no PFX001)."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "g_kept_bot.py:22")
    assert (prompt["prefix_tokens"]["global"], prompt["break"]["expr"]) == (131, "question")
    assert [(f["code"], f["severity"]) for f in reach["findings"]
            if f["path"] == "g_kept_bot.py"] == [("PFX007", "info")]


def test_prompt_text_sent_by_a_sink_is_measured_there_only(reach):
    """ADVISOR is formatted and sent through the HTTP client: one prompt, at the call."""
    ids = [p["id"] for p in reach["prompts"]]
    assert not any(i.startswith("rag/advisor.py") for i in ids)
    assert "b_http.py:9" in ids and ids.count("b_http.py:9") == 1


def test_a_constant_with_a_value_only_at_its_end_is_measured_and_clean(reach):
    follow_up = next(p for p in reach["prompts"] if p["id"] == "c_prompt_text.py:24")
    assert follow_up["break"]["expr"] == "{message}"
    assert not any(f["prompt"] == "c_prompt_text.py:24" for f in reach["findings"])
    assert "c_prompt_text.py:20" not in [p["id"] for p in reach["prompts"]]  # a status line


def test_a_library_call_with_no_prompt_text_is_not_a_prompt(reach):
    """`assistant.log(message=...)` passes a short line, not instructions."""
    assert not any(p["id"].startswith("i_inferred.py:18") for p in reach["prompts"])


def test_each_library_model_finds_its_fixture_break(models):
    got = [(f["code"], f["path"], f["line"], f["column"]) for f in models["findings"]]
    assert got == MODEL_FINDINGS


def test_a_dspy_field_described_as_the_conversation_is_its_history(models):
    """`class Reply(Described)`, `Described` the project's own subclass of `dspy.Signature`:
    a signature too (it was not measured at all); its `earlier` field, described as the
    conversation history, holds the session's turns, so the newest message rendered before
    it is PFX006."""
    [sent] = [p for p in models["prompts"] if p["id"].startswith("dspy_history_field.py")]
    assert (sent["id"], sent["sink"], sent["tokens_total"]) == \
        ("dspy_history_field.py:11", "dspy.Signature", 144)


def test_a_batch_for_vllm_s_offline_engine_is_measured_one_request_at_a_time(models):
    """`llm.generate(prompts)` of `prompts = [f"Ticket {row['ticket_id']}..." for row in
    rows]` runs one request per element: the element as the comprehension builds it is the
    prompt, so the ticket's id before the policy is a break. `llm.chat(conversations)` of a
    list of conversations sends each after the model's chat template: the policy first, the
    question last, nothing to report."""
    sent = {p["id"]: (p["sink"], p["break"]["expr"], p["break"]["line"])
            for p in models["prompts"] if p["id"].startswith("vllm_app.py")}
    assert sent == {"vllm_app.py:15": ("vllm.LLM.generate", "row['ticket_id']", 13),
                    "vllm_app.py:22": ("vllm.LLM.chat", "question", 21)}
    assert [f["line"] for f in models["findings"] if f["path"] == "vllm_app.py"] == [13]


def test_in_process_engines_mlx_lm_and_llama_cpp_python_send_their_prompts(models):
    """MLX LM's `generate(model, tokenizer, prompt)` and llama-cpp-python's
    `create_chat_completion(messages)`, `create_completion(prompt)` and `llm(prompt)` are
    sinks: the note before MLX's tagging rules, today's weekday and the ingredients before
    the recipe rules end the prefix.
    A text prompt a tokenizer's chat template made is measured there, with its messages,
    not a second time as one opaque text where it is generated from."""
    sent = {p["id"]: (p["sink"], p["tokens_total"]) for p in models["prompts"]
            if p["path"] in ("mlx_app.py", "llama_cpp_app.py")}
    assert sent == {"llama_cpp_app.py:15": ("llama_cpp.Llama.create_chat_completion", 104),
                    "llama_cpp_app.py:23": ("llama_cpp.Llama.create_completion", 93),
                    "llama_cpp_app.py:29": ("llama_cpp.Llama.create_completion", 93),
                    "mlx_app.py:14": ("mlx_lm.generate", 92),
                    "mlx_app.py:19": ("transformers.apply_chat_template", 95)}


def test_a_pydantic_ai_run_sends_its_instructions_then_its_user_prompt(models):
    """`agent.run(prompt, instructions=...)` of an agent a factory made: the run's own
    instructions come before its user prompt, so the reviewer's language at their head ends
    the prefix; `run_sync` of an agent made beside it sends its prompt as the user turn."""
    sent = {p["id"]: (p["sink"], p["break"]["line"], p["prefix_tokens"]["global"])
            for p in models["prompts"] if p["id"].startswith("pydantic_run.py")}
    assert sent == {"pydantic_run.py:23": ("pydantic_ai.Agent.run", 22, 5),
                    "pydantic_run.py:29": ("pydantic_ai.Agent", 29, 298),
                    "pydantic_run.py:30": ("pydantic_ai.Agent.run", 30, 11)}


def test_an_alias_a_library_keeps_for_older_callers_is_its_model(models):
    """`litellm.acreate(**request)` is LiteLLM's completion, not a dict that merely holds
    `messages` (which is how it was measured before the alias was in the model)."""
    assert {p["id"]: p["sink"] for p in models["prompts"]
            if p["id"].startswith("litellm_alias.py")} == {
        "litellm_alias.py:21": "litellm.completion"}


def test_every_shipped_model_has_a_fixture_that_uses_it(models, reach):
    """Adding a library is adding a model file and a fixture: each model id is the sink of a
    prompt in one of the suites."""
    used = {p["sink"] for doc in (models, reach) for p in doc["prompts"]}
    for suite in (HERE / "python", HERE / "flow", HERE.parent / "fixtures" / "prompty_app"):
        used |= {m.prompt.sink for m in api.check([], api.load_config(suite),
                                                  cwd=suite).measurements}
    used |= {s.removeprefix("client of ") for s in used if s}
    missing = [m.id for m in builtin_models() if m.id not in used]
    assert missing == []


def test_hostile_configuration_files_are_passed_over(tmp_path):
    """An alias bomb, a file past the size bound, broken YAML and binary TOML are no prompt
    files: no finding, no error, and the run ends at once (aliases are walked once)."""
    lines = ['a0: &a0 ["You are an assistant that must answer the {question} given below."]']
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 40)]
    (tmp_path / "bomb.yaml").write_text("\n".join(lines) + "\nsystem_prompt: *a39\n")
    (tmp_path / "big.yaml").write_text("k: '" + "x" * 2_000_000 + "'\n")
    (tmp_path / "bad.yaml").write_text("a: [unclosed\n")
    (tmp_path / "bin.toml").write_bytes(b"\x00\xff\xfe junk")
    proc = run_cli("check", "--output-format", "json", "--no-cache", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    document = json.loads(proc.stdout)
    assert document["findings"] == [] and document["prompts"] == []


def test_instructions_in_chinese_are_prompt_text(tmp_path):
    """Prompt text is told by what it says in Chinese too (no spaces between words): a
    returned template with the date on top is measured; a log line in Chinese is not."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "review.py").write_text('''from datetime import date


def review_request(paper):
    today = date.today().isoformat()
    return f"""当前日期是{today}。
你是一名严格的学术审稿人。请阅读以下论文摘要，并按照下列要求输出审稿意见：
1. 先用一句话概括论文的主要贡献。
2. 指出方法中最重要的三个问题，每个问题给出修改建议。
3. 输出格式必须是 Markdown，不要添加与审稿无关的内容。
论文摘要：{paper.abstract}"""


def progress_line(done, total):
    return f"已处理{done}篇，共{total}篇。处理完成后会在日志中记录每篇论文的耗时和结果，便于以后统计和排查问题。"
''', encoding="utf-8")
    found = _json(root)
    assert [p["id"] for p in found["prompts"]] == ["review.py:6"]
    assert [(f["code"], f["line"]) for f in found["findings"]] == [("PFX004", 6)]


def test_text_that_reports_to_a_person_is_not_prompt_text_but_instructions_are(tmp_path):
    """A function returning a report line full of the words prompts use ("user", "session",
    "only", "based") is not prompt text; instructions that never say "you" but tell the model
    what to consider are."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "summary.py").write_text('''"""Texts of the review bot: its prompt and its usage line."""
def usage_line(stats):
    return (f"{stats.requests} requests from {stats.users} users in {stats.sessions} sessions; "
            "only the requests of signed-in users are counted, based on the session log, "
            "and the output format does not include the user names or the tokens per request.")


def review_text(diff):
    return (f"Here is the change under review:\\n{diff}\\n"
            "Consider only what the change does, not the code around it. Focus on the lines "
            "that were added, note each problem with its line, and do not repeat the diff. "
            "Keep the output short, in plain words, one problem per line.")
''')
    found = _json(root)
    assert [p["id"] for p in found["prompts"]] == ["summary.py:9"]
    assert [(f["code"], f["line"]) for f in found["findings"]] == [("PFX001", 9)]


def test_a_methods_sink_needs_the_class_that_makes_the_object():
    """`methods` name calls on an object a `qualified` class made; without the class they
    would match every `run(...)` of every module."""
    from prefixlint.models import ModelError, parse_sink

    with pytest.raises(ModelError, match="give `qualified` too"):
        parse_sink("mine", {"name": "Runner.run", "methods": ["run"], "chains": ["run"],
                            "arguments": [["prompt|0", "user"]]}, "pyproject.toml model 1")
    model = parse_sink("mine", {"name": "Runner.run", "methods": ["run"],
                                "qualified": ["acme.llm.*Runner"],
                                "arguments": [["prompt|0", "user"]]}, "pyproject.toml model 1")
    assert model.specificity("runner.run", "runner.run", ()) == 0
    assert model.instance_specificity("acme.llm.FastRunner", "run", ()) == 100
    assert model.instance_specificity("acme.llm.FastRunner", "stop", ()) == 0
    assert model.instance_specificity("other.Runner", "run", ()) == 0


def test_a_closing_is_text_the_library_writes_after_the_arguments():
    """`closing` is the library's own system text after the arguments (CrewAI's answer
    format after an agent's goal); it must be a string."""
    from prefixlint.models import ModelError, builtin_models, parse_sink

    with pytest.raises(ModelError, match="`preamble` and `closing` are text"):
        parse_sink("mine", {"name": "ask", "chains": ["ask"], "closing": ["Answer:"],
                            "arguments": [["prompt|0", "system"]]}, "pyproject.toml model 1")
    crew = next(m for m in builtin_models() if m.id == "crewai.Agent")
    assert crew.closing.startswith("To give the best and most complete final answer")


def test_a_model_s_placeholders_are_format_fields_or_state_names_in_any_braces(models):
    """`placeholders = "state"` (ADK's instructions) makes every run of braces around a state
    name a field, `{{ draft }}` and `{user:display_name}` too; any other string is refused,
    and `prefixlint models` says which style a model's fields are written in."""
    from prefixlint.models import ModelError, builtin_models, parse_sink

    with pytest.raises(ModelError, match="`placeholders` must be true, false or"):
        parse_sink("mine", {"name": "ask", "chains": ["ask"], "placeholders": "jinja",
                            "arguments": [["prompt|0", "system"]]}, "pyproject.toml model 1")
    adk = next(m for m in builtin_models() if m.id == "google_adk.LlmAgent")
    assert adk.placeholders == "state"
    listed = json.loads(run_cli("models", "--output-format", "json", cwd=MODELS).stdout)
    styles = {m["id"]: (m["placeholders"], m["placeholder_style"]) for m in listed}
    assert styles["google_adk.LlmAgent"] == (True, "state")
    assert styles["crewai.Agent"] == (True, "format")


def test_a_command_line_model_names_its_program_and_checks_its_keys(models):
    """`prefixlint models` says which program an `argv` sink runs, in the table and in the
    JSON; a model file that gives an `argv` sink no program, or a program to another
    lowering, is refused with the file and key."""
    from prefixlint.models import ModelError, parse_sink

    listed = json.loads(run_cli("models", "--output-format", "json", cwd=MODELS).stdout)
    codex = next(m for m in listed if m["id"] == "cli.codex")
    assert (codex["programs"], codex["positionals"], codex["lowering"]) == (["codex"], 1, "argv")
    assert "--sandbox" in codex["options"]
    assert [m["id"] for m in listed if m["turns"]] == \
        ["claude_agent_sdk.ClaudeSDKClient.query", "google_genai.chat.send_message"]
    table = run_cli("models", cwd=MODELS).stdout.splitlines()
    line = next(x for x in table if x.startswith("cli.ollama"))
    assert line.split()[1:5] == ["argv", "ollama", "run", "by"]
    assert line.count("subprocess.run") == 1
    with pytest.raises(ModelError, match="an `argv` sink, and only one, names the `programs`"):
        parse_sink("mine", {"name": "aider", "lowering": "argv", "chains": ["subprocess.run"],
                            "arguments": [["prompt", "user"]]}, "pyproject.toml model 1")
    with pytest.raises(ModelError, match="`positionals` must be a whole number"):
        parse_sink("mine", {"name": "aider", "lowering": "argv", "chains": ["subprocess.run"],
                            "programs": ["aider"], "positionals": -1}, "pyproject.toml model 1")
    with pytest.raises(ModelError, match="`turns` are kept by an object whose `methods`"):
        parse_sink("mine", {"name": "ask", "chains": ["client.ask"], "turns": True,
                            "arguments": [["prompt", "user"]]}, "pyproject.toml model 1")
    with pytest.raises(ModelError, match="`batched` and `turns` must be true or false"):
        parse_sink("mine", {"name": "ask", "qualified": ["myco.Chat"], "methods": ["ask"],
                            "turns": "yes", "arguments": [["prompt", "user"]]}, "model 2")


def test_a_react_agent_s_prompt_is_its_prefix_tools_format_and_suffix_in_that_order(models):
    """`ZeroShotAgent.create_prompt(TOOLS, prefix=..., suffix=...)` joins the prefix, the
    tools' descriptions, the library's answer format (not passed: its own text) and the
    suffix; the customer's plan in the prefix is before all of them, and the question in
    the suffix is after them. A tool's function is no text of the prompt."""
    from prefixlint.models import ModelError, parse_sink

    prompt = next(p for p in models["prompts"] if p["id"] == "langchain_react_agent.py:19")
    assert prompt["break"]["expr"] == "{plan}"
    assert prompt["prefix_tokens"]["global"] == 21 and prompt["tokens_total"] > 200
    # tools made with `Tool(name=..., func=desk.line_status, description=...)`: the prompt
    # shows their names and descriptions, the code's own, whatever function each runs
    support = next(p for p in models["prompts"] if p["id"] == "langchain_react_agent.py:39")
    assert (support["break"]["expr"], support["prefix_tokens"]["global"]) == ("{input}", 187)
    with pytest.raises(ModelError, match="`defaults` must be a list of"):
        parse_sink("mine", {"name": "ask", "chains": ["ask"], "defaults": ["Answer:"],
                            "arguments": [["prompt|0", "system"]]}, "pyproject.toml model 1")


def test_either_arm_of_an_if_the_richer_one_is_measured_and_a_slice_keeps_the_text():
    """`if passages: prompt = <intro>; for ...: prompt = prompt + passage; prompt =
    prompt[:limit]; prompt = prompt + RULES + question` / `else: prompt = question`: the test
    on the passages is the branch (a request value by the name it reads), then the passages
    arm is what is measured, once (a rewrite under an `if` holds what came before, it does
    not repeat it), the enumerate index is the text `1`, and the 100 tokens of rules after
    the passages count."""
    proc = run_cli("render", "zn_either_arm.py:33", cwd=REACH)
    text = proc.stdout
    assert text.count("You answer questions about the handbook") == 1
    assert "[1] «request passage:" in text
    assert text.index("«request passage:") < text.index("Cite every sentence") < \
        text.index("Question: «request question:")
    proc = run_cli("check", "--output-format", "json", "--no-cache", "zn_either_arm.py",
                   cwd=REACH)
    [finding] = json.loads(proc.stdout)["findings"]
    assert (finding["code"], finding["line"], finding["gain_tokens"]) == ("PFX001", 14, 93)
    assert "branch on request value 'len(passages) > 0' (scope by word 'passages') " \
        "(also 'passage' at 17)" in finding["message"]


def test_a_mustache_template_is_measured_and_fixed_like_a_jinja_one():
    """`{{#audience}}...{{/audience}}{{^audience}}...{{/audience}}` over the rules: a branch on
    the audience before 78 constant tokens, at the section's line and column; `--fix
    --unsafe-fixes --diff` moves both sections below the rules, comment and partial."""
    from prefixlint.frontends.mustache import jinja_source

    assert jinja_source("{{#a}}\n{{a}} {{{b}}} {{! c }}\n{{/a}}") == \
        "{%if a%}\n{{a}} {{b  }} {#! c #}\n{%endif%}"
    proc = run_cli("check", "--output-format", "json", "--no-cache", "zo_mustache", cwd=REACH)
    [finding] = json.loads(proc.stdout)["findings"]
    assert (finding["line"], finding["column"], finding["gain_tokens"]) == (3, 1, 80)
    proc = run_cli("check", "--fix", "--unsafe-fixes", "--diff", "--no-cache", "zo_mustache",
                   cwd=REACH)
    added = [line[1:] for line in proc.stdout.splitlines() if line.startswith("+") and
             not line.startswith("+++")]
    assert added == ["", "{{#audience}}", "Write for this audience: {{audience}}.",
                     "{{/audience}}", "{{^audience}}", "Write for a general audience.",
                     "{{/audience}}"]


def test_an_f_string_that_extends_a_prompt_made_elsewhere_is_not_measured_alone(reach):
    """`system = f"{system}\n\nIf you see the marker..."`: the prompt is the configuration's,
    with a rule appended; measured alone it would be a tail after an unknown value."""
    assert not [p["id"] for p in reach["prompts"] if p["id"].startswith("zv_extended_prompt")]
    assert not [f for f in reach["findings"] if f["path"] == "zv_extended_prompt.py"]


def test_a_parameter_with_a_constant_default_holds_that_constant(reach):
    """`def review(paper, form=REVIEW_FORM)`, no caller in view: the form is its constant
    text, so the prompt shares the system message and the whole form (122 tokens) and ends
    at the paper, not at an unclassified `form` after 18 tokens."""
    prompt = next(p for p in reach["prompts"] if p["id"] == "zaw_default_form.py:16")
    assert (prompt["break"]["expr"], prompt["prefix_tokens"]["global"]) == ("paper", 122)


def test_a_model_class_defined_where_it_is_sent_is_written_in_the_code():
    """`response_format=Decision`, the class defined in the sending function: its schema is
    the same on every request, not an unclassified value (not even an info finding)."""
    proc = run_cli("check", "zbl_local_answer_class.py", "--no-cache", "--fail-on", "info",
                   "--output-format", "json", cwd=REACH)
    document = json.loads(proc.stdout)
    assert (proc.returncode, document["findings"]) == (0, [])
    assert document["summary"]["prompts"] == 1
