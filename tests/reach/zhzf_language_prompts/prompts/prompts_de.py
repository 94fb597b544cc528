OUTLINE_PROMPT = """Schreibe die Gliederung einer Literaturübersicht zu {topic}.

Anforderungen:
1. Beginne mit einem Abschnitt, der das Gebiet und die Leitfragen bestimmt.
2. Ordne die Arbeiten nach ihrer Methode, nicht nach dem Erscheinungsjahr.
3. Gib jedem Abschnitt unter seiner Überschrift eine Zusammenfassung in einem Satz.
4. Schließe mit offenen Problemen, jedes an einen Abschnitt oben gebunden.
Gib nur die Gliederung als Markdown-Überschriften zurück."""
