async def on_message(commands, message):
    for command in commands:
        await command.handle(message)
