Launcher.run()
